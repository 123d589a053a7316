import { Avatar } from '@chakra-ui/react';

type Size = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl';

/** A user's picture, or the default person image when there is none. */
export function UserAvatar({ image, name, size = 'lg' }: { image: string | null; name: string; size?: Size }) {
  return (
    <Avatar.Root size={size} colorPalette="gray" data-testid="user-avatar">
      <Avatar.Fallback aria-label={name} />
      {image && <Avatar.Image src={image} alt={name} />}
    </Avatar.Root>
  );
}
