import { Alert, Badge, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import type { CharterSections, CharterVersion } from '@portal/common';
import { useEffect, useId, useState } from 'react';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import {
  LoadingStatus,
  LoadProblem,
  useEndSessionOnUnauthorized,
} from '@/components/admin/content/load-state';
import { DateTime } from '@/components/admin/date-time';
import { DIALOG_STYLES } from '@/components/admin/dialog-styles';
import { Section } from '@/components/admin/section';
import { useStaffRefusal, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { showSuccessNotice } from '@/components/notices';
import { useCharter, usePreviewCharter, usePublishCharter } from './api/charter';
import {
  checkDraft,
  type DraftErrors,
  type DraftSection,
  emptySection,
  move,
  sameAsPublished,
  toDraft,
} from './charter-draft';
import classes from './charter-editor.module.css';
import { SectionFields, sectionLabel } from './section-fields';

const TITLE = 'ميثاق الطالب';
const PUBLISHED = 'النسخة المنشورة';
const SHIPPED = 'نسخة البوابة الأصلية';
const ADD = 'إضافة باب';
const PREVIEW = 'معاينة PDF';
const PUBLISH = 'نشر نسخة جديدة';
const PUBLISH_CONFIRM = 'نشر';
const CANCEL = 'إلغاء';
const VERSIONS = 'النسخ السابقة';
const UNPUBLISHED = 'في المسودة تعديلات لم تُنشر بعد.';
const FIX_SECTIONS = 'راجع الأبواب المحددة أدناه قبل المتابعة.';
const PREVIEW_OPEN = 'فتح المعاينة';
const PREVIEW_DOWNLOAD = 'تنزيل المعاينة';
const PREVIEW_FILE = 'معاينة الميثاق.pdf';
const PREVIEW_NOTE = 'المعاينة جاهزة: ملف PDF للمسودة كما كانت عند الطلب، ولم يُنشر منها شيء.';

/**
 * Issue 19, item 6 (`/admin/content/charter`, super admin only; the shell and the server both enforce it): the
 * charter as sections of plain text, previewed as the PDF students get, and published as a new version. Older
 * versions stay on the server; students get the newest in their book.
 */
export function CharterEditor() {
  const { token } = useStaffSession();
  const charter = useCharter(token);
  const answer = charter.data;
  useEndSessionOnUnauthorized(answer);

  return (
    <Stack gap="lg">
      <Title order={2}>{TITLE}</Title>
      {answer?.status === 'error' ? (
        <LoadProblem message={answer.message} onRetry={() => charter.refetch()} />
      ) : answer === undefined ? (
        <LoadingStatus />
      ) : (
        <Editor published={answer.data.data} versions={answer.data.versions} />
      )}
    </Stack>
  );
}

type VersionSummary = Omit<CharterVersion, 'sections'>;

function Publisher({ version }: { version: VersionSummary }) {
  return (
    <>
      {'نُشرت في '}
      <DateTime value={version.publishedAt} />
      {version.publishedBy === null ? (
        ` (${SHIPPED})`
      ) : (
        <>
          {' بواسطة '}
          <bdi>{version.publishedBy}</bdi>
        </>
      )}
    </>
  );
}

/** Which control to focus once the sections have been drawn again (after a move, an addition or a removal). */
type FocusTarget = { id: string } | undefined;

function Editor({ published, versions }: { published: CharterVersion; versions: VersionSummary[] }) {
  const { token } = useStaffSession();
  const refuse = useStaffRefusal();
  const publish = usePublishCharter(token);
  const preview = usePreviewCharter();
  const [draft, setDraft] = useState<DraftSection[]>(() => toDraft(published.sections));
  const [errors, setErrors] = useState<DraftErrors>({ sections: {} });
  const [problem, setProblem] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState<number>();
  const [previewUrl, setPreviewUrl] = useState<string>();
  const [focusTarget, setFocusTarget] = useState<FocusTarget>();
  const noteId = useId();
  const addId = useId();
  const problemId = useId();
  const previewLinkId = useId();

  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(focusTarget.id)?.focus();
    setFocusTarget(undefined);
  }, [focusTarget]);

  // The object URL holds the PDF's bytes until it is revoked: one preview at a time, none after leaving.
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const change = (index: number, patch: Partial<DraftSection>) => {
    setDraft((sections) => sections.map((section, i) => (i === index ? { ...section, ...patch } : section)));
    setErrors(({ general, sections }) => {
      const rest = { ...sections };
      delete rest[index];
      return { general, sections: rest };
    });
  };

  const moveSection = (index: number, to: number, button: 'up' | 'down') => {
    const section = draft[index];
    if (!section) return;
    setDraft(move(draft, index, to));
    setErrors({ sections: {} });
    // The button pressed stays focused at the section's new place, or its sibling where that one is disabled.
    const atEdge = (button === 'up' && to === 0) || (button === 'down' && to === draft.length - 1);
    const other = button === 'up' ? 'down' : 'up';
    setFocusTarget({ id: `${section.key}-${atEdge ? other : button}` });
  };

  const addSection = () => {
    const section = emptySection();
    setDraft((sections) => [...sections, section]);
    setFocusTarget({ id: `${section.key}-title` });
  };

  const removeSection = (index: number) => {
    setDraft((sections) => sections.filter((_, i) => i !== index));
    setErrors({ sections: {} });
    setRemoving(undefined);
    setFocusTarget({ id: addId });
  };

  /** The draft as the server would take it, or its errors shown where they belong. */
  const checked = (): CharterSections | undefined => {
    setProblem(undefined);
    const result = checkDraft(draft);
    if (result.ok) {
      setErrors({ sections: {} });
      return result.body;
    }
    setErrors({ ...result.errors, general: result.errors.general ?? FIX_SECTIONS });
    return undefined;
  };

  const askPreview = () => {
    const body = checked();
    if (!body) return;
    preview.mutate(body, {
      onSuccess: (result) => {
        if (result.status === 'error') return refuse(result, setProblem);
        setPreviewUrl(URL.createObjectURL(result.data));
        setFocusTarget({ id: previewLinkId });
      },
    });
  };

  const askPublish = () => {
    if (checked()) setConfirming(true);
  };

  const confirmPublish = () => {
    const body = checked();
    if (!body) return setConfirming(false);
    publish.mutate(body, {
      onSuccess: (result) => {
        setConfirming(false);
        if (result.status === 'error') return refuse(result, setProblem);
        showSuccessNotice(result.data.message);
        setDraft(toDraft(result.data.data.sections));
      },
    });
  };

  const unchanged = sameAsPublished(draft, published.sections);
  const removingSection = removing === undefined ? undefined : draft[removing];

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Text>
          <Text span fw={700}>
            {`${PUBLISHED}: `}
            <bdi>{published.version}</bdi>
          </Text>
          {'، '}
          <Publisher version={published} />
        </Text>
        <Text id={noteId} size="sm">
          {'يُكتب النص كما هو بلا تنسيق: تُفصل الفقرات بسطر فارغ، و'}
          <bdi dir="ltr" className={classes.placeholder}>
            {'{university}'}
          </bdi>
          {' يُستبدل باسم الجامعة في الملف.'}
        </Text>
        {!unchanged && (
          <Badge variant="light" color="orange" c="orange.9" radius="sm" tt="none" w="fit-content" maw="100%">
            {UNPUBLISHED}
          </Badge>
        )}
      </Stack>

      {errors.general && (
        <Alert color="red" variant="light" role="alert">
          {errors.general}
        </Alert>
      )}

      <ol className={classes.sections} aria-label="أبواب الميثاق">
        {draft.map((section, index) => (
          <SectionFields
            key={section.key}
            section={section}
            index={index}
            count={draft.length}
            errors={errors.sections[index]}
            onChange={(patch) => change(index, patch)}
            onMove={(to, button) => moveSection(index, to, button)}
            onRemove={() => setRemoving(index)}
          />
        ))}
      </ol>

      <Group>
        <Button id={addId} variant="light" onClick={addSection}>
          {ADD}
        </Button>
      </Group>

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Group gap="sm">
            <Button variant="default" onClick={askPreview} loading={preview.isPending}>
              {PREVIEW}
            </Button>
            <Button onClick={askPublish} aria-describedby={problem ? problemId : undefined}>
              {PUBLISH}
            </Button>
          </Group>
          {problem && (
            <Alert id={problemId} color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          {/* A new tab, not a frame: the portal's CSP allows no framed content, and a phone's browser hands a PDF
              to its own viewer anyway. */}
          {previewUrl && (
            <div className={classes.preview} role="status">
              <Text size="sm">{PREVIEW_NOTE}</Text>
              <Group gap="lg">
                <a
                  id={previewLinkId}
                  href={previewUrl}
                  target="_blank"
                  rel="noopener"
                  className={classes.previewLink}
                >
                  {PREVIEW_OPEN}
                </a>
                <a href={previewUrl} download={PREVIEW_FILE} className={classes.previewLink}>
                  {PREVIEW_DOWNLOAD}
                </a>
              </Group>
            </div>
          )}
        </Stack>
      </Paper>

      <Section title={VERSIONS} id={`${noteId}-versions`}>
        <ul className={classes.versions} aria-label={VERSIONS}>
          {versions.map((version) => (
            <li key={version.version}>
              <Group gap="xs">
                <Text span fw={700}>
                  {'النسخة '}
                  <bdi>{version.version}</bdi>
                </Text>
                {version.version === published.version && (
                  <Badge variant="light" radius="sm" tt="none">
                    {'المنشورة الآن'}
                  </Badge>
                )}
              </Group>
              <Text size="sm">
                <Publisher version={version} />
              </Text>
            </li>
          ))}
        </ul>
      </Section>

      {confirming && (
        <Modal
          opened
          onClose={() => setConfirming(false)}
          title="نشر نسخة جديدة من الميثاق؟"
          centered
          styles={DIALOG_STYLES}
        >
          <Text mb="md">
            {`تصبح هذه النسخة (${draft.length} من الأبواب) ميثاق الطالب في كتاب الطالب فور نشرها، وتبقى النسخ السابقة محفوظة.`}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {CANCEL}
            </Button>
            <Button onClick={confirmPublish} loading={publish.isPending}>
              {PUBLISH_CONFIRM}
            </Button>
          </Group>
        </Modal>
      )}

      {removing !== undefined && removingSection && (
        <ConfirmDialog
          title={`حذف ${sectionLabel(removing)}${removingSection.title.trim() ? `: ${removingSection.title.trim()}` : ''}؟`}
          pending={false}
          onConfirm={() => removeSection(removing)}
          onCancel={() => setRemoving(undefined)}
        >
          يُحذف الباب من المسودة فقط، ولا يتغير الميثاق المنشور حتى تنشر نسخة جديدة.
        </ConfirmDialog>
      )}
    </Stack>
  );
}
