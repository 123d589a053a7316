import { Box, Button, Flex, Grid, Stack, Text } from '@chakra-ui/react';
import { Global } from '@emotion/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { ChevronLeftIcon, ChevronRightIcon, FilesIcon } from '../../../components/icons/icons';
import { type Crumb, PageHeader } from '../../../components/layout/page-header';
import { useT } from '../../../lib/i18n';
import type { OutlineEntry } from '../content/markdown';
import { GUIDE_IDS, GUIDES, type GuideInfo } from '../guides';
import { useActiveHeading } from './use-active-heading';

/**
 * Printing a guide prints the article only: everything around it (top bar, side menu, footer, the
 * guide navigation) is hidden, and the shell's fixed-height scroll frames are released so that every
 * page of a long guide comes out, not just the visible part.
 */
const PRINT_CSS = `
@media print {
  @page { margin: 16mm 14mm; }
  html, body { background: #fff !important; height: auto !important; overflow: visible !important; }
  body *:not(:has([data-guide-print-root])):not([data-guide-print-root]):not([data-guide-print-root] *) { display: none !important; }
  body *:has([data-guide-print-root]) { display: block !important; height: auto !important; min-height: 0 !important; max-height: none !important;
    overflow: visible !important; padding: 0 !important; margin: 0 !important; max-width: none !important; background: #fff !important; }
  [data-guide-print-root] [data-print-hide] { display: none !important; }
  [data-guide-print-root] [data-print-block] { display: block !important; }
  [data-guide-print-root] article { border: 0 !important; padding: 0 !important; max-width: none !important; box-shadow: none !important; }
  [data-guide-print-root] [data-scope="accordion"][data-part="item-content"] { display: block !important; height: auto !important; }
}`;

function GuideNav({ current, horizontal = false }: { current: GuideInfo; horizontal?: boolean }) {
  const t = useT();
  return (
    <Flex
      as="nav"
      direction={horizontal ? 'row' : 'column'}
      wrap="wrap"
      gap="0.5"
      aria-label={t('guides.navLabel')}
      data-testid={horizontal ? 'guide-nav-compact' : 'guide-nav'}
    >
      {!horizontal && (
        <Text
          fontSize="xs"
          fontWeight="semibold"
          textTransform="uppercase"
          letterSpacing="wider"
          color="fg.muted"
          mb="1.5"
          px="3"
        >
          {t('guides.navLabel')}
        </Text>
      )}
      {GUIDE_IDS.map((id) => {
        const guide = GUIDES[id];
        const active = guide.id === current.id;
        return (
          <Box
            key={id}
            asChild
            px="3"
            py="2"
            borderRadius="md"
            fontSize="sm"
            fontWeight={active ? 'semibold' : 'medium'}
            bg={active ? 'brand.subtle' : 'transparent'}
            color={active ? 'brand.fg' : 'fg'}
            _hover={{ bg: active ? 'brand.subtle' : 'bg.muted' }}
          >
            <Link
              href={guide.path}
              aria-current={active ? 'page' : undefined}
              data-testid={horizontal ? undefined : `guide-nav-${id}`}
            >
              {t(guide.titleKey)}
            </Link>
          </Box>
        );
      })}
    </Flex>
  );
}

function TableOfContents({ entries }: { entries: OutlineEntry[] }) {
  const t = useT();
  const shown = entries.filter((e): e is OutlineEntry & { id: string } => e.id !== null && e.depth <= 3);
  const active = useActiveHeading(shown.map((e) => e.id));
  if (shown.length === 0) return null;
  return (
    <Box as="nav" aria-label={t('guides.tocLabel')} data-testid="guide-toc">
      <Text
        fontSize="xs"
        fontWeight="semibold"
        textTransform="uppercase"
        letterSpacing="wider"
        color="fg.muted"
        mb="1.5"
        px="3"
      >
        {t('guides.tocLabel')}
      </Text>
      <Stack gap="0" borderStartWidth="2px" borderColor="border.muted" ms="3">
        {shown.map((entry) => (
          <Box
            key={entry.id}
            asChild
            display="block"
            ps={entry.depth === 2 ? '3' : '6'}
            py="1"
            fontSize={entry.depth === 2 ? 'sm' : 'xs'}
            color={active === entry.id ? 'brand.fg' : 'fg.muted'}
            fontWeight={active === entry.id ? 'semibold' : 'normal'}
            borderStartWidth="2px"
            borderColor={active === entry.id ? 'brand.solid' : 'transparent'}
            ms="-2px"
            _hover={{ color: 'fg' }}
          >
            <a href={`#${entry.id}`}>{entry.text}</a>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

function PrevNext({ current }: { current: GuideInfo }) {
  const t = useT();
  const index = GUIDE_IDS.indexOf(current.id);
  const prev = index > 0 ? GUIDES[GUIDE_IDS[index - 1]!] : null;
  const next = index < GUIDE_IDS.length - 1 ? GUIDES[GUIDE_IDS[index + 1]!] : null;
  return (
    <Flex
      justify="space-between"
      gap="4"
      mt="12"
      pt="6"
      borderTopWidth="1px"
      borderColor="border.muted"
      data-print-hide
    >
      {prev ? (
        <Button asChild variant="outline" size="sm">
          <Link href={prev.path} data-testid="guide-prev">
            <ChevronLeftIcon />
            {t(prev.titleKey)}
          </Link>
        </Button>
      ) : (
        <span />
      )}
      {next && (
        <Button asChild variant="outline" size="sm">
          <Link href={next.path} data-testid="guide-next">
            {t(next.titleKey)}
            <ChevronRightIcon />
          </Link>
        </Button>
      )}
    </Flex>
  );
}

/**
 * Brings the reader to the heading in the address (links such as /analysis-guide#time-score) once the
 * text is there, or to the top when another guide opens.
 */
function useScrollToHash(guideId: string, ready: boolean) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ready) return;
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView();
    else root.current?.closest('main')?.scrollTo({ top: 0 });
  }, [guideId, ready]);
  return root;
}

/** The frame of every guide: title and print button, guide navigation and contents on the left, the article. */
export function GuideLayout({
  guide,
  outline,
  children,
  ready = true,
}: {
  guide: GuideInfo;
  outline: OutlineEntry[];
  children: ReactNode;
  ready?: boolean;
}) {
  const t = useT();
  const title = t(guide.titleKey);
  const root = useScrollToHash(guide.id, ready);
  const crumbs: Crumb[] = [{ label: t('routes.dashboard'), href: '/' }];
  if (guide.id !== 'overview') crumbs.push({ label: t('routes.guides'), href: '/guides' });
  crumbs.push({ label: title });
  return (
    <Box ref={root} data-guide-print-root data-testid={`guide-${guide.id}`}>
      <Global styles={PRINT_CSS} />
      <Box css={{ '@media print': { '& nav[aria-label], & [data-print-hide]': { display: 'none' } } }}>
        <PageHeader
          title={title}
          subtitle={t(guide.descriptionKey)}
          crumbs={crumbs}
          actions={
            <Button
              variant="outline"
              size="sm"
              onClick={() => window.print()}
              data-print-hide
              data-testid="guide-print"
            >
              <FilesIcon />
              {t('guides.print')}
            </Button>
          }
        />
      </Box>
      {/* Below 1280 px the navigation moves above the article, so the text keeps a readable width. */}
      <Box display={{ base: 'block', xl: 'none' }} mb="4" data-print-hide>
        <GuideNav current={guide} horizontal />
      </Box>
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', xl: '220px minmax(0, 1fr)' }}
        gap="8"
        alignItems="start"
        data-print-block
      >
        <Stack
          as="aside"
          display={{ base: 'none', xl: 'flex' }}
          gap="8"
          position="sticky"
          top="0"
          maxH="calc(100vh - 120px)"
          overflowY="auto"
          pb="4"
          data-print-hide
        >
          <GuideNav current={guide} />
          <TableOfContents entries={outline} />
        </Stack>
        <Box
          as="article"
          bg="bg"
          borderWidth="1px"
          borderColor="border.muted"
          borderRadius="xl"
          px="8"
          py="8"
          maxW="960px"
          minW="0"
        >
          {children}
          <PrevNext current={guide} />
        </Box>
      </Grid>
    </Box>
  );
}
