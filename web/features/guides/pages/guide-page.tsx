import { Box, Card, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import { type ReactNode, use, useDeferredValue, useMemo } from 'react';
import { Link } from 'wouter';
import { ChartIcon, FilesIcon, HelpIcon, UploadIcon, WalletIcon } from '../../../components/icons/icons';
import { useLocale, useT } from '../../../lib/i18n';
import { GuideLayout } from '../components/guide-layout';
import { GuideMarkdown } from '../components/guide-markdown';
import { loadGuide } from '../content/load-guide';
import { outline, parseMarkdown } from '../content/markdown';
import { GUIDES, type GuideId } from '../guides';

const CARD_ICONS: Partial<Record<GuideId, ReactNode>> = {
  upload: <UploadIcon />,
  analysis: <ChartIcon />,
  projective: <FilesIcon />,
  faq: <HelpIcon />,
};

function OverviewCard({
  href,
  icon,
  title,
  text,
  testId,
}: {
  href: string;
  icon: ReactNode;
  title: string;
  text: string;
  testId: string;
}) {
  return (
    <Card.Root
      asChild
      variant="outline"
      bg="bg"
      _hover={{ borderColor: 'brand.solid', shadow: 'sm' }}
      transition="border-color 0.15s"
    >
      <Link href={href} data-testid={testId}>
        <Card.Body gap="2" p="4">
          <Flex
            boxSize="9"
            align="center"
            justify="center"
            borderRadius="md"
            bg="brand.subtle"
            color="brand.fg"
            fontSize="lg"
          >
            {icon}
          </Flex>
          <Text fontWeight="semibold">{title}</Text>
          <Text fontSize="sm" color="fg.muted">
            {text}
          </Text>
        </Card.Body>
      </Link>
    </Card.Root>
  );
}

/** The overview's entry points: one card per guide and one for the public calculator. */
function GuideCards() {
  const t = useT();
  const ids: GuideId[] = ['upload', 'analysis', 'projective', 'faq'];
  return (
    <SimpleGrid templateColumns="repeat(auto-fill, minmax(210px, 1fr))" gap="3" mb="6" data-print-hide>
      {ids.map((id) => (
        <OverviewCard
          key={id}
          href={GUIDES[id].path}
          icon={CARD_ICONS[id]}
          title={t(GUIDES[id].titleKey)}
          text={t(GUIDES[id].descriptionKey)}
          testId={`guide-card-${id}`}
        />
      ))}
      <OverviewCard
        href="/credit-roi-calculator"
        icon={<WalletIcon />}
        title={t('routes.creditRoiCalculator')}
        text={t('guides.descriptions.calculator')}
        testId="guide-card-calculator"
      />
    </SimpleGrid>
  );
}

/**
 * A guide from its markdown in the current language. While another language loads, the text on
 * screen stays (deferred locale) instead of falling back to a spinner.
 */
export function GuidePage({ id }: { id: Exclude<GuideId, 'faq'> }) {
  const locale = useDeferredValue(useLocale());
  const text = use(loadGuide(locale, id));
  const entries = useMemo(() => outline(parseMarkdown(text)), [text]);
  return (
    <GuideLayout guide={GUIDES[id]} outline={entries}>
      {id === 'overview' && <GuideCards />}
      <Box data-testid="guide-article">
        <GuideMarkdown text={text} />
      </Box>
    </GuideLayout>
  );
}
