import { Accordion, Badge, Box, EmptyState, Flex, Heading, Input, InputGroup, Text } from '@chakra-ui/react';
import { use, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { HelpIcon } from '../../../components/icons/icons';
import { useLocale, useT } from '../../../lib/i18n';
import { GuideLayout } from '../components/guide-layout';
import { GuideMarkdown } from '../components/guide-markdown';
import { loadGuide } from '../content/load-guide';
import { faqSections, normaliseForSearch, type OutlineEntry } from '../content/markdown';
import { GUIDES } from '../guides';

function SearchIcon() {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden
    >
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

/** The question in the address (/faq-guide#question-id) opens on arrival. */
function questionFromHash(): string[] {
  const id = decodeURIComponent(window.location.hash.slice(1));
  return id ? [id] : [];
}

/**
 * The FAQ: questions grouped by topic, each one collapsible, and a search over questions and answers
 * (every word must occur; case and accents do not matter). While searching, every match is open.
 */
export function FaqPage() {
  const t = useT();
  const locale = useDeferredValue(useLocale());
  const text = use(loadGuide(locale, 'faq'));
  const sections = useMemo(() => faqSections(text), [text]);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<string[]>(questionFromHash);
  useEffect(() => {
    const onHash = () => setOpen((current) => [...new Set([...current, ...questionFromHash()])]);
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const indexed = useMemo(
    () =>
      sections.map((s) => ({
        ...s,
        questions: s.questions.map((q) => ({ ...q, haystack: normaliseForSearch(q.searchText) })),
      })),
    [sections],
  );
  const needle = normaliseForSearch(query).trim();
  const filtered = useMemo(() => {
    const words = needle.split(/\s+/).filter(Boolean);
    return indexed
      .map((s) => ({ ...s, questions: s.questions.filter((q) => words.every((w) => q.haystack.includes(w))) }))
      .filter((s) => s.questions.length > 0);
  }, [indexed, needle]);
  const matches = filtered.reduce((n, s) => n + s.questions.length, 0);
  const searching = needle.length > 0;
  const outline: OutlineEntry[] = filtered.map((s) => ({ depth: 2, id: s.id, text: s.title }));

  return (
    <GuideLayout guide={GUIDES.faq} outline={outline}>
      <Box position="sticky" top="0" zIndex="1" bg="bg" pb="4" mb="2" data-print-hide>
        <InputGroup startElement={<SearchIcon />}>
          <Input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            placeholder={t('guides.faq.searchPlaceholder')}
            aria-label={t('guides.faq.searchPlaceholder')}
            data-testid="faq-search"
          />
        </InputGroup>
        {searching && (
          <Text mt="2" fontSize="sm" color="fg.muted" data-testid="faq-match-count">
            {t('guides.faq.matches', { count: matches })}
          </Text>
        )}
      </Box>
      {matches === 0 ? (
        <EmptyState.Root data-testid="faq-empty">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <HelpIcon />
            </EmptyState.Indicator>
            <EmptyState.Title>{t('guides.faq.noMatchTitle')}</EmptyState.Title>
            <EmptyState.Description>{t('guides.faq.noMatchText')}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        filtered.map((section) => (
          <Box key={section.id} mb="8" data-testid={`faq-section-${section.id}`}>
            <Flex align="center" gap="2" mb="2">
              <Heading as="h2" size="lg" id={section.id} scrollMarginTop="20">
                {section.title}
              </Heading>
              <Badge variant="subtle">{section.questions.length}</Badge>
            </Flex>
            <Accordion.Root
              multiple
              collapsible
              variant="enclosed"
              value={searching ? section.questions.map((q) => q.id) : open}
              onValueChange={(details) => {
                if (!searching) setOpen(details.value);
              }}
            >
              {section.questions.map((q) => (
                <Accordion.Item
                  key={q.id}
                  value={q.id}
                  id={q.id}
                  scrollMarginTop="20"
                  data-testid={`faq-question-${q.id}`}
                >
                  <Accordion.ItemTrigger cursor="pointer">
                    <Text as="span" flex="1" fontWeight="semibold" textAlign="start">
                      {q.question}
                    </Text>
                    <Accordion.ItemIndicator />
                  </Accordion.ItemTrigger>
                  <Accordion.ItemContent>
                    <Accordion.ItemBody pt="0">
                      <GuideMarkdown text={q.answer} />
                    </Accordion.ItemBody>
                  </Accordion.ItemContent>
                </Accordion.Item>
              ))}
            </Accordion.Root>
          </Box>
        ))
      )}
    </GuideLayout>
  );
}
