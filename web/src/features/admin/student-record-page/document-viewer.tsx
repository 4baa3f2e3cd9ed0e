import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { MESSAGES } from '@portal/common';
import { useId, useState } from 'react';
import { TransformComponent, TransformWrapper } from 'react-zoom-pan-pinch';
import type { DocumentImage } from './api/use-document-images';
import classes from './student-record.module.css';

const TOOLS = 'أدوات عرض المستند';
const ZOOM_IN = 'تكبير';
const ZOOM_OUT = 'تصغير';
const ROTATE = 'تدوير';
// Accessible names begin with the visible words, so speech control ('click تدوير') finds the button.
const ROTATE_LABEL = 'تدوير ربع دورة مع عقارب الساعة';
const FIT = 'ملاءمة';
const FIT_LABEL = 'ملاءمة: إعادة المستند إلى حجمه واتجاهه الأصليين';
const VIEWER_HINT =
  'استخدم أزرار التكبير والتدوير، أو الأسهم للتحريك و + و - للتكبير بعد الانتقال إلى الصورة، أو اسحب الصورة وقربها بإصبعين.';
const RETRY = 'إعادة تحميل الصورة';

interface DocumentViewerProps {
  image: DocumentImage | undefined;
  /** What the image shows, for its alternative text: the document's name and the student's. */
  label: string;
  onRetry: () => void;
}

/**
 * One document shown large with zoom, pan and rotation (react-zoom-pan-pinch). The mouse wheel scrolls the page as
 * everywhere else and zooms only with Ctrl held (a trackpad pinch sends that too), so reading down the record never
 * zooms an image by accident.
 */
export function DocumentViewer({ image, label, onRetry }: DocumentViewerProps) {
  const [rotation, setRotation] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const hintId = useId();

  if (image === undefined || image.status === 'loading')
    return (
      <Center className={classes.stage}>
        <Loader role="status" aria-label={MESSAGES.loading} />
      </Center>
    );
  if (image.status === 'error')
    return (
      <Center className={classes.stage}>
        <Alert color="red" variant="light" role="alert" title={image.error.message}>
          <Button size="sm" variant="light" color="red" mt="xs" onClick={onRetry}>
            {RETRY}
          </Button>
        </Alert>
      </Center>
    );

  const sideways = rotation % 180 !== 0;
  return (
    <TransformWrapper
      minScale={1}
      maxScale={8}
      wheel={{ wheelDisabled: true }}
      keyboard={{ disabled: false }}
      doubleClick={{ mode: 'toggle' }}
      // At its fitted size a finger on the image scrolls the page; panning starts once the reviewer has zoomed.
      panning={{ disabled: !zoomed }}
      onTransform={(_, state) => setZoomed(state.scale > 1.01)}
    >
      {({ zoomIn, zoomOut, resetTransform }) => (
        <div className={classes.viewer}>
          <Group gap="xs" role="group" aria-label={TOOLS} wrap="wrap">
            <Button size="compact-md" variant="default" onClick={() => zoomIn()}>
              {ZOOM_IN}
            </Button>
            <Button size="compact-md" variant="default" onClick={() => zoomOut()}>
              {ZOOM_OUT}
            </Button>
            <Button
              size="compact-md"
              variant="default"
              aria-label={ROTATE_LABEL}
              onClick={() => setRotation((turn) => (turn + 90) % 360)}
            >
              {ROTATE}
            </Button>
            <Button
              size="compact-md"
              variant="default"
              aria-label={FIT_LABEL}
              onClick={() => {
                setRotation(0);
                resetTransform();
              }}
            >
              {FIT}
            </Button>
          </Group>
          <div className={classes.stage}>
            <TransformComponent
              wrapperStyle={{ width: '100%', height: '100%', containerType: 'size' }}
              contentStyle={{ width: '100%', height: '100%', alignItems: 'center', justifyContent: 'center' }}
              wrapperProps={{
                // The library moves the image with the arrow keys and zooms with + and - once it has focus.
                tabIndex: 0,
                role: 'group',
                'aria-label': label,
                'aria-describedby': hintId,
                className: classes.stageFocus,
              }}
            >
              <img
                src={image.url}
                alt={label}
                className={sideways ? classes.imageSideways : classes.image}
                style={{ transform: `rotate(${rotation}deg)` }}
                draggable={false}
              />
            </TransformComponent>
          </div>
          <Text id={hintId} size="xs" c="dimmed" visibleFrom="sm">
            {VIEWER_HINT}
          </Text>
        </div>
      )}
    </TransformWrapper>
  );
}
