import { Avatar, AvatarGroup, HStack, Stack, Text } from '@chakra-ui/react';
import type { Person } from '../api/datafiles-documents';

const fullName = (p: Person) => `${p.name.first} ${p.name.last}`.trim();

/** A user with their avatar (the default person image when they have none). */
export function PersonLabel({ person, withEmail = false }: { person: Person; withEmail?: boolean }) {
  const name = fullName(person);
  return (
    <HStack gap="2" minW="0">
      <Avatar.Root size="xs" colorPalette="gray">
        <Avatar.Fallback name={name} />
        {person.image && <Avatar.Image src={person.image} alt={name} />}
      </Avatar.Root>
      <Stack gap="0" minW="0">
        <Text fontSize="sm" truncate title={name}>
          {name}
        </Text>
        {withEmail && (
          <Text fontSize="xs" color="fg.muted" truncate>
            {person.email}
          </Text>
        )}
      </Stack>
    </HStack>
  );
}

/** The contributors of a row as overlapping avatars (names on hover), at most four shown. */
export function ContributorAvatars({ people, noneLabel }: { people: Person[]; noneLabel: string }) {
  if (people.length === 0) return <Text color="fg.subtle">{noneLabel}</Text>;
  const shown = people.slice(0, 4);
  return (
    <AvatarGroup
      size="xs"
      stacking="first-on-top"
      data-testid="contributors"
      data-count={people.length}
      title={people.map(fullName).join(', ')}
    >
      {shown.map((p) => (
        <Avatar.Root key={p.id} colorPalette="gray">
          <Avatar.Fallback name={fullName(p)} />
          {p.image && <Avatar.Image src={p.image} alt={fullName(p)} />}
        </Avatar.Root>
      ))}
      {people.length > shown.length && (
        <Avatar.Root variant="solid">
          <Avatar.Fallback>+{people.length - shown.length}</Avatar.Fallback>
        </Avatar.Root>
      )}
    </AvatarGroup>
  );
}
