import { Badge, Table } from '@mantine/core';
import type { Season } from '@portal/common';
import { Button } from '@/components/button';
import { TableScroll } from '@/components/table-scroll';
import { SeasonDate } from './season-date';
import classes from './seasons.module.css';

const CAPTION = 'الأعوام الدراسية، الأحدث أولًا';
const COLUMNS = [
  'العام الدراسي',
  'الحالة',
  'تاريخ الفتح',
  'تاريخ الإغلاق',
  'عدد الطلاب',
  'الصور',
  'الإجراءات',
];
const CURRENT = 'الحالي';
const CLOSED = 'مغلق';
const IMAGES_KEPT = 'محفوظة';
const IMAGES_DELETED = 'حذفت في';
const DELETE = 'حذف';
const NONE = '—';

interface SeasonsTableProps {
  seasons: Season[];
  captionId: string;
  /** Asks to delete a closed season; the current one offers no delete. */
  onDelete: (season: Season) => void;
}

/**
 * Every season (issue 21): whether it is the current one, when it opened and closed, its students, and whether its
 * images are still kept. Wider than a phone: it scrolls sideways inside its own focusable region.
 */
export function SeasonsTable({ seasons, captionId, onDelete }: SeasonsTableProps) {
  return (
    <TableScroll labelledBy={captionId}>
      <Table striped verticalSpacing="xs" horizontalSpacing="sm" className={classes.table}>
        <Table.Caption id={captionId} className={classes.caption}>
          {CAPTION}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {seasons.map((season) => (
            <Table.Tr key={season.id}>
              <Table.Th scope="row" className={classes.nowrap}>
                <bdi>{season.name}</bdi>
              </Table.Th>
              <Table.Td>
                <Badge
                  variant="light"
                  color={season.current ? 'teal' : 'gray'}
                  c={season.current ? 'teal.9' : 'gray.8'}
                  radius="sm"
                  tt="none"
                  className={classes.badge}
                >
                  {season.current ? CURRENT : CLOSED}
                </Badge>
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                <SeasonDate value={season.openedAt} />
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                {season.closedAt ? <SeasonDate value={season.closedAt} /> : NONE}
              </Table.Td>
              <Table.Td className={classes.nowrap}>{season.students}</Table.Td>
              <Table.Td>
                {season.imagesDeletedAt ? (
                  <>
                    {IMAGES_DELETED} <SeasonDate value={season.imagesDeletedAt} />
                  </>
                ) : (
                  IMAGES_KEPT
                )}
              </Table.Td>
              <Table.Td>
                {season.current ? (
                  NONE
                ) : (
                  <Button
                    size="sm"
                    variant="light"
                    color="red"
                    onClick={() => onDelete(season)}
                    aria-label={`${DELETE} العام الدراسي ${season.name}`}
                  >
                    {DELETE}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
