import { Checkbox, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { type Locale, useT } from '../../../lib/i18n';
import { type ExportFormat, isReconciliation, useSampleSources } from '../api/use-export-job';

export type Separator = ',' | ';';
export type Decimal = '.' | ',';
export type ColumnNames = 'READABLE' | 'TECHNICAL';

export interface ExportChoice {
  language: Locale;
  separator: Separator;
  decimal: Decimal;
  columnNames: ColumnNames;
  roundScores: boolean;
  /** Reconciliation pack: every source (ALL_SOURCES), those without one (NO_SOURCE) or one by name. */
  sampleSource: string;
}

export const ALL_SOURCES = 'all';
export const NO_SOURCE = 'none';
const NAMED = 'source:';

/** What German Excel reads from a double-clicked file: the decimal comma with ';'; else the point. */
export function defaultDecimal(language: Locale, separator: Separator): Decimal {
  return language === 'de' && separator === ';' ? ',' : '.';
}

/** The request fields of the chosen format (the server refuses what the format does not take). */
export function requestOptions(format: ExportFormat, c: ExportChoice) {
  const csv = format === 'CSV' || format === 'REJECTS' || format === 'RECONCILIATION_CSV';
  const sheet = format === 'XLSX' || format === 'CSV';
  const source =
    c.sampleSource === ALL_SOURCES ? undefined : c.sampleSource === NO_SOURCE ? '' : c.sampleSource.slice(NAMED.length);
  return {
    language: c.language,
    ...(isReconciliation(format) && source !== undefined ? { sampleSource: source } : {}),
    ...(csv ? { csvSeparator: c.separator } : {}),
    ...(format === 'CSV' || format === 'RECONCILIATION_CSV' ? { decimalSeparator: c.decimal } : {}),
    ...(sheet ? { columnNames: c.columnNames } : {}),
    ...(sheet || format === 'SAV' || format === 'TRIPLE_S' ? { roundScores: c.roundScores } : {}),
  };
}

function Select({
  label,
  value,
  onChange,
  testId,
  disabled,
  help,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  disabled: boolean;
  help?: string;
  children: ReactNode;
}) {
  return (
    <Field.Root disabled={disabled} flex="1">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {help && <Field.HelperText>{help}</Field.HelperText>}
    </Field.Root>
  );
}

/**
 * The options of one export: language (headers, labels, rules), for CSV the separator and the
 * decimal mark (the comma only with ';', so choosing one adjusts the other), readable or technical
 * column names for xlsx and CSV, and scores with one decimal for xlsx, CSV, SPSS and Triple-S.
 */
export function ExportOptions({
  datafileId,
  format,
  choice,
  onChange,
  disabled,
}: {
  datafileId: string;
  format: ExportFormat;
  choice: ExportChoice;
  onChange: (patch: Partial<ExportChoice>) => void;
  disabled: boolean;
}) {
  const t = useT();
  const csv = format === 'CSV' || format === 'REJECTS' || format === 'RECONCILIATION_CSV';
  const sheet = format === 'XLSX' || format === 'CSV';
  const pack = isReconciliation(format);
  const sources = useSampleSources(datafileId, pack);
  const named = (sources.data?.datafileDuplicates.sources ?? []).flatMap((s) => (s.source === null ? [] : [s.source]));
  return (
    <Stack gap="4">
      {pack && (
        <Select
          label={t('exports.sampleSource')}
          value={choice.sampleSource}
          onChange={(v) => onChange({ sampleSource: v })}
          testId="export-sample-source"
          disabled={disabled || sources.isLoading}
          help={sources.error ? t('exports.sampleSourcesFailed') : undefined}
        >
          <option value={ALL_SOURCES}>{t('exports.sampleSourceAll')}</option>
          {named.map((name) => (
            <option key={name} value={`${NAMED}${name}`}>
              {name}
            </option>
          ))}
          <option value={NO_SOURCE}>{t('exports.sampleSourceNone')}</option>
        </Select>
      )}
      <HStack gap="4" align="start">
        <Select
          label={t('exports.language')}
          value={choice.language}
          onChange={(v) => onChange({ language: v as Locale })}
          testId="export-language"
          disabled={disabled}
        >
          <option value="de">Deutsch</option>
          <option value="en">English</option>
        </Select>
        {sheet && (
          <Select
            label={t('exports.columnNames')}
            value={choice.columnNames}
            onChange={(v) => onChange({ columnNames: v as ColumnNames })}
            testId="export-column-names"
            disabled={disabled}
          >
            <option value="READABLE">{t('exports.columnNamesReadable')}</option>
            <option value="TECHNICAL">{t('exports.columnNamesTechnical')}</option>
          </Select>
        )}
      </HStack>
      {csv && (
        <HStack gap="4" align="start">
          <Select
            label={t('exports.separator')}
            value={choice.separator}
            onChange={(v) => onChange({ separator: v as Separator, ...(v === ',' ? { decimal: '.' } : {}) })}
            testId="export-separator"
            disabled={disabled}
          >
            <option value=",">{t('exports.comma')}</option>
            <option value=";">{t('exports.semicolon')}</option>
          </Select>
          {(format === 'CSV' || format === 'RECONCILIATION_CSV') && (
            <Select
              label={t('exports.decimal')}
              value={choice.decimal}
              onChange={(v) => onChange({ decimal: v as Decimal, ...(v === ',' ? { separator: ';' } : {}) })}
              testId="export-decimal"
              disabled={disabled}
              help={t('exports.decimalCommaNeedsSemicolon')}
            >
              <option value=".">{t('exports.decimalPoint')}</option>
              <option value=",">{t('exports.decimalComma')}</option>
            </Select>
          )}
        </HStack>
      )}
      {(sheet || format === 'SAV' || format === 'TRIPLE_S') && (
        <Checkbox.Root
          checked={choice.roundScores}
          onCheckedChange={(d) => onChange({ roundScores: d.checked === true })}
          disabled={disabled}
          alignItems="flex-start"
          colorPalette="brand"
          data-testid="export-round-scores"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control mt="0.5" />
          <Checkbox.Label>
            <Text>{t('exports.roundScores')}</Text>
            <Text fontSize="sm" color="fg.muted" fontWeight="normal">
              {t('exports.roundScoresHelp')}
            </Text>
          </Checkbox.Label>
        </Checkbox.Root>
      )}
    </Stack>
  );
}
