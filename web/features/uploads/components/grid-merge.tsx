import { Button, Card, Checkbox, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import type { UploadPreview } from '../api/use-get-upload-preview';
import { MIN_GRID_ITEMS, type Draft } from '../state/columns';

type Candidate = UploadPreview['gridCandidates'][number];

/**
 * "Merge these grids": short grids of the draft and groups of columns on one scale that step 2
 * found (each under 5 items), chosen and merged into one grid of at least 5 items.
 */
export function GridMerge({
  draft,
  candidates,
  onMerge,
}: {
  draft: Draft;
  candidates: readonly Candidate[];
  onMerge: (keys: string[], groups: Candidate[]) => void;
}) {
  const t = useT();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const grids = draft.filter((p) => p.dataPointType === 'ITEM_BATTERY' && p.columns.length < MIN_GRID_ITEMS);
  // Candidates whose columns the user gave another type meanwhile are no candidates any more.
  const free = candidates.filter((c) =>
    c.columns.every((col) => draft.some((p) => p.dataPointType === 'IGNORE' && p.columns.includes(col))),
  );
  const options = [
    ...grids.map((g) => ({
      id: `point:${g.key}`,
      label: g.questionTitle || g.dataPointIdentifier,
      columns: g.columns,
    })),
    ...free.map((c) => ({ id: `group:${c.id}`, label: c.id, columns: c.columns })),
  ];
  if (options.length < 2) return null;
  const items = options.filter((o) => chosen.has(o.id)).reduce((n, o) => n + o.columns.length, 0);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };
  return (
    <Card.Root variant="outline" bg="bg" data-testid="upload-grid-merge">
      <Card.Header>
        <Heading size="md">{t('uploads.step2.merge.title')}</Heading>
        <Text fontSize="sm" color="fg.muted">
          {t('uploads.step2.merge.hint', { min: MIN_GRID_ITEMS })}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="2">
          {options.map((o) => (
            <Checkbox.Root
              key={o.id}
              checked={chosen.has(o.id)}
              onCheckedChange={(e) => toggle(o.id, e.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                {o.label}: {o.columns.join(', ')}
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
          <Button
            alignSelf="start"
            size="sm"
            colorPalette="brand"
            disabled={chosen.size < 2}
            data-testid="upload-merge-grids"
            onClick={() => {
              onMerge(
                grids.filter((g) => chosen.has(`point:${g.key}`)).map((g) => g.key),
                free.filter((c) => chosen.has(`group:${c.id}`)),
              );
              setChosen(new Set());
            }}
          >
            {t('uploads.step2.merge.button', { count: items })}
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
