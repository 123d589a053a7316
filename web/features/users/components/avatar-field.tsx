import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { AvatarCropDialog, type CroppedAvatar } from '../../../components/form/avatar-crop-dialog';
import { CameraIcon } from './user-icons';
import { UserAvatar } from './user-avatar';

/** Image files only; the server accepts the same three types. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
/** A source picture larger than this is refused before decoding; the cropped PNG is far smaller. */
const MAX_SOURCE_BYTES = 20 * 1024 * 1024;

/**
 * The avatar with its upload button: a chosen file opens the square crop dialog; the cropped PNG is
 * kept until the form is saved.
 */
export function AvatarField({
  image,
  name,
  pending,
  onCropped,
}: {
  image: string | null;
  name: string;
  pending: CroppedAvatar | null;
  onCropped: (avatar: CroppedAvatar) => void;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  return (
    <HStack gap="4" align="center">
      <UserAvatar image={pending?.previewUrl ?? image} name={name} size="2xl" />
      <Stack gap="1.5" align="flex-start">
        <input
          ref={input}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          hidden
          data-testid="avatar-file-input"
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0] ?? null;
            event.currentTarget.value = '';
            if (!chosen) return;
            if (!IMAGE_TYPES.includes(chosen.type)) return setError(t('users.avatar.notAnImage'));
            if (chosen.size > MAX_SOURCE_BYTES) return setError(t('users.avatar.tooLarge'));
            setError(null);
            setFile(chosen);
          }}
        />
        <Button size="sm" variant="outline" onClick={() => input.current?.click()} data-testid="avatar-upload-button">
          <CameraIcon />
          {t('users.avatar.upload')}
        </Button>
        <Text fontSize="xs" color={error ? 'fg.error' : 'fg.muted'} data-testid={error ? 'avatar-error' : undefined}>
          {error ?? t('users.avatar.hint')}
        </Text>
      </Stack>
      <AvatarCropDialog
        file={file}
        onCancel={() => setFile(null)}
        onCropped={(avatar) => {
          setFile(null);
          onCropped(avatar);
        }}
      />
    </HStack>
  );
}
