import { Box, Table, Text } from '@chakra-ui/react';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import type { UploadPreview } from '../api/use-get-upload-preview';

/** A cell as the preview shows it: numbers in the locale's format, SPSS value labels beside their code. */
export function cellText(value: string | null, labels: Map<string, string> | undefined, locale: 'de' | 'en'): string {
  if (value === null) return '';
  const label = labels?.get(value);
  const n = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : null;
  const shown =
    n !== null && Math.abs(n) < 1e15
      ? formatNumber(n, locale, value.includes('.') ? Math.min(4, value.split('.')[1]!.length) : 0)
      : value;
  return label ? `${shown} (${label})` : shown;
}

/** The first rows of the file as read: header names with their labels, missing codes marked. */
export function PreviewTable({ preview }: { preview: UploadPreview }) {
  const t = useT();
  const locale = useLocale();
  const labels = preview.columns.map((c) =>
    c.valueLabels.length ? new Map(c.valueLabels.map((v) => [v.value, v.label])) : undefined,
  );
  return (
    <Box
      overflowX="auto"
      maxH="360px"
      overflowY="auto"
      borderWidth="1px"
      borderRadius="md"
      data-testid="upload-preview-table"
    >
      <Table.Root size="sm" stickyHeader>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader bg="bg.subtle" color="fg.muted">
              {t('uploads.step2.rowNumber')}
            </Table.ColumnHeader>
            {preview.columns.map((c) => (
              <Table.ColumnHeader key={c.name} bg="bg.subtle" whiteSpace="nowrap" title={c.label ?? undefined}>
                <Text fontWeight="semibold">{c.name}</Text>
                {c.label && c.label !== c.name && (
                  <Text fontSize="xs" color="fg.muted" fontWeight="normal" maxW="48" truncate>
                    {c.label}
                  </Text>
                )}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {preview.rows.map((row) => (
            <Table.Row key={row.number}>
              <Table.Cell color="fg.muted">{formatNumber(row.number, locale)}</Table.Cell>
              {row.cells.map((cell, j) => (
                <Table.Cell key={j} whiteSpace="nowrap" maxW="64" truncate title={cell ?? undefined}>
                  {row.missing.includes(j) ? (
                    <Text as="span" color="fg.subtle" fontStyle="italic">
                      {t('uploads.step2.missingCell')}
                    </Text>
                  ) : (
                    cellText(cell ?? null, labels[j], locale)
                  )}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
