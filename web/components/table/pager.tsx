import { Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { useT } from '../../lib/i18n';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons/icons';

/** Page buttons for a paged table (page starts at 1); at most seven numbers around the current page. */
export function Pager({
  page,
  pageSize,
  total,
  onPageChange,
  testId = 'pager',
}: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  testId?: string;
}) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize) return null;
  const first = Math.max(1, Math.min(page - 3, pages - 6));
  const numbers = Array.from({ length: Math.min(7, pages) }, (_, i) => first + i);
  return (
    <HStack justify="space-between" pt="3" data-testid={testId}>
      <Text fontSize="sm" color="fg.muted">
        {t('pager.summary', { from: (page - 1) * pageSize + 1, to: Math.min(total, page * pageSize), total })}
      </Text>
      <HStack gap="1">
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={t('pager.previous')}
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
          data-testid={`${testId}-previous`}
        >
          <ChevronLeftIcon />
        </IconButton>
        {numbers.map((n) => (
          <Button
            key={n}
            size="xs"
            variant={n === page ? 'solid' : 'ghost'}
            colorPalette="brand"
            onClick={() => onPageChange(n)}
            aria-current={n === page ? 'page' : undefined}
          >
            {n}
          </Button>
        ))}
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={t('pager.next')}
          disabled={page >= pages}
          onClick={() => onPageChange(page + 1)}
          data-testid={`${testId}-next`}
        >
          <ChevronRightIcon />
        </IconButton>
      </HStack>
    </HStack>
  );
}
