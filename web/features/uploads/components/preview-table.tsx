import { Box, Table, Text } from '@chakra-ui/react';
import { useLocale, useT } from '../../../lib/i18n';
import type { UploadPreview } from '../api/use-get-upload-preview';

/**
 * A cell as the preview shows it: whole numbers as they are in the file (an ID 61617 or a year 2016
 * is no amount: no thousands separator), decimals with the locale's decimal mark, SPSS value labels
 * beside their code.
 */
export function cellText(value: string | null, labels: Map<string, string> | undefined, locale: 'de' | 'en'): string {
  if (value === null) return '';
  const label = labels?.get(value);
  const shown = /^-?\d+\.\d+$/.test(value) && locale === 'de' ? value.replace('.', ',') : value;
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
              <Table.Cell color="fg.muted">{row.number}</Table.Cell>
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
