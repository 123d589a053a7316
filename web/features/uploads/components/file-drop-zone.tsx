import { Box, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type DragEvent } from 'react';
import { FilesIcon, UploadIcon } from '../../../components/icons/icons';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';

/** What the zone shows: nothing chosen, a file being uploaded (0..1), or a stored file. */
export type FileState =
  | { kind: 'none' }
  | { kind: 'uploading'; name: string; size: number; fraction: number }
  | { kind: 'stored'; name: string; size: number };

export const ACCEPTED = '.xlsx,.csv,.txt,.tsv,.sav,.zsav';

const megabytes = (bytes: number) => bytes / 1024 / 1024;

/** A file picker with drag and drop and the upload's progress bar. */
export function FileDropZone({
  state,
  maxBytes,
  disabled,
  onFile,
}: {
  state: FileState;
  maxBytes: number;
  disabled?: boolean;
  onFile: (file: File) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const input = useRef<HTMLInputElement | null>(null);
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files?.[0];
    if (file && !disabled) onFile(file);
  };
  const sizeText = (bytes: number) =>
    bytes < 1024 * 1024
      ? `${formatNumber(Math.max(1, Math.round(bytes / 1024)), locale)} KB`
      : `${formatNumber(megabytes(bytes), locale, bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
  return (
    <Box
      borderWidth="2px"
      borderStyle="dashed"
      borderRadius="lg"
      p="6"
      textAlign="center"
      transition="background 0.15s"
      borderColor={over ? 'brand.solid' : 'border'}
      bg={over ? 'brand.subtle' : 'bg.subtle'}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="file-drop-zone"
    >
      <input
        ref={input}
        type="file"
        accept={ACCEPTED}
        hidden
        data-testid="upload-file-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
      {state.kind === 'none' ? (
        <Stack align="center" gap="2">
          <Box fontSize="3xl" color="brand.solid">
            <UploadIcon />
          </Box>
          <Text fontWeight="semibold">{t('uploads.step1.dropHere')}</Text>
          <Text color="fg.muted" fontSize="sm">
            {t('uploads.step1.or')}
          </Text>
          <Button
            size="sm"
            colorPalette="brand"
            onClick={() => input.current?.click()}
            disabled={disabled}
            data-testid="choose-file"
          >
            {t('uploads.step1.chooseFile')}
          </Button>
          <Text color="fg.muted" fontSize="xs">
            {t('uploads.step1.dropHint', { size: formatNumber(Math.floor(megabytes(maxBytes)), locale) })}
          </Text>
        </Stack>
      ) : (
        <Stack gap="3" textAlign="left">
          <HStack gap="3">
            <Box fontSize="2xl" color="brand.solid">
              <FilesIcon />
            </Box>
            <Stack gap="0" flex="1" minW="0">
              <Text fontWeight="semibold" truncate data-testid="upload-file-name">
                {state.name}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {sizeText(state.size)} ·{' '}
                {state.kind === 'uploading'
                  ? t('uploads.step1.uploading', { percent: formatNumber(Math.floor(state.fraction * 100), locale) })
                  : t('uploads.step1.uploaded')}
              </Text>
            </Stack>
            {state.kind === 'stored' && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => input.current?.click()}
                disabled={disabled}
                data-testid="replace-file"
              >
                {t('uploads.step1.replaceFile')}
              </Button>
            )}
          </HStack>
          <Progress.Root
            value={state.kind === 'uploading' ? Math.round(state.fraction * 100) : 100}
            size="sm"
            colorPalette="brand"
            data-testid="upload-progress"
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
      )}
    </Box>
  );
}
