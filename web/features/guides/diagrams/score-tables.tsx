import { Badge, Table } from '@chakra-ui/react';
import { DEFAULT_RULES, DEFAULT_WEIGHTS, RULE_KEYS } from '../../../../scoring/types';
import { useT } from '../../../lib/i18n';

// Tables whose numbers are the scoring core's defaults themselves, so the guide cannot drift from
// what the worksheet starts with.

const COMBINED_PARTS = ['oes', 'ts', 'ibs', 'ps', 'cs'] as const;
const CORE = new Set<string>(['oes', 'ts', 'ibs']);

export function CombinedWeightsTable({ label }: { label: string }) {
  const t = useT();
  return (
    <Table.Root size="sm" variant="outline" aria-label={label} data-testid="figure-combined-weights">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('guides.figures.weights.score')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('guides.figures.weights.weight')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('guides.figures.weights.cap', { cap: DEFAULT_WEIGHTS.cap })}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {COMBINED_PARTS.map((key) => (
          <Table.Row key={key} data-score={key}>
            <Table.Cell>{t(`guides.figures.scoreNames.${key}`)}</Table.Cell>
            <Table.Cell textAlign="end" fontWeight="semibold" data-part="weight">
              {DEFAULT_WEIGHTS[key]}
            </Table.Cell>
            <Table.Cell>{CORE.has(key) ? t('guides.figures.weights.yes') : t('guides.figures.weights.no')}</Table.Cell>
          </Table.Row>
        ))}
        {(['is', 'sds'] as const).map((key) => (
          <Table.Row key={key} data-score={key} color="fg.muted">
            <Table.Cell>{t(`guides.figures.scoreNames.${key}`)}</Table.Cell>
            <Table.Cell textAlign="end">–</Table.Cell>
            <Table.Cell>{t('guides.figures.weights.notIncluded')}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

export function DefaultRulesTable({ label }: { label: string }) {
  const t = useT();
  const rows = RULE_KEYS.map((key) => {
    const rule = DEFAULT_RULES.rules[key];
    const name = t(`guides.figures.scoreNames.${key}`);
    const text =
      t('guides.figures.rules.below', { score: name, threshold: rule.threshold }) +
      (rule.minDataPoints > 0
        ? t('guides.figures.rules.withPoints', { n: rule.minDataPoints, unit: t(`guides.figures.rules.units.${key}`) })
        : '');
    return { key, name, text, enabled: rule.enabled };
  });
  const bad = DEFAULT_RULES.badAnswers;
  return (
    <Table.Root size="sm" variant="outline" aria-label={label} data-testid="figure-default-rules">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('guides.figures.rules.reason')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('guides.figures.rules.rule')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('guides.figures.rules.default')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.key} data-rule={row.key}>
            <Table.Cell fontWeight="semibold">{row.name}</Table.Cell>
            <Table.Cell>{row.text}</Table.Cell>
            <Table.Cell>
              <Badge colorPalette={row.enabled ? 'green' : 'gray'}>
                {row.enabled ? t('guides.figures.rules.on') : t('guides.figures.rules.off')}
              </Badge>
            </Table.Cell>
          </Table.Row>
        ))}
        <Table.Row data-rule="badAnswers">
          <Table.Cell fontWeight="semibold">{t('guides.figures.scoreNames.oes')}</Table.Cell>
          <Table.Cell>{t('guides.figures.rules.badAnswers', { n: bad.min })}</Table.Cell>
          <Table.Cell>
            <Badge colorPalette={bad.enabled ? 'green' : 'gray'}>
              {bad.enabled ? t('guides.figures.rules.on') : t('guides.figures.rules.off')}
            </Badge>
          </Table.Cell>
        </Table.Row>
      </Table.Body>
    </Table.Root>
  );
}
