import { IconButton } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';

const CopyGlyph = () => (
  <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15V5a2 2 0 0 1 2-2h10" />
  </svg>
);
const CheckGlyph = () => (
  <svg
    viewBox="0 0 24 24"
    width="16"
    height="16"
    fill="none"
    stroke="var(--chakra-colors-green-600)"
    strokeWidth="2.5"
    aria-hidden
  >
    <path d="m5 12 5 5 9-10" />
  </svg>
);

/**
 * Copies `text`; shows a tick for 1.5 s only when the write succeeded (a refused clipboard shows
 * nothing: the text stays selectable where it is shown).
 */
export function CopyButton({ text, testId }: { text: string; testId?: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <IconButton
      variant="ghost"
      size="xs"
      aria-label={copied ? t('common.copied') : t('common.copy')}
      title={t('common.copy')}
      data-testid={testId}
      data-copied={copied || undefined}
      onClick={() =>
        void navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => undefined,
        )
      }
    >
      {copied ? <CheckGlyph /> : <CopyGlyph />}
    </IconButton>
  );
}
