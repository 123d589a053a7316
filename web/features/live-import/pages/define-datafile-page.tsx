import { Box, Button, Card, HStack, Stat, Stack, Text } from '@chakra-ui/react';
import { useAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { PageHeader } from '../../../components/layout/page-header';
import type { SurveySoftware } from '../../../lib/gql/graphql';
import { refusalOf } from '../../../lib/graphql-client';
import { useT, useTranslateRefusal } from '../../../lib/i18n';
import { useCreateLiveDatafile } from '../api/use-live-import';
import { LiveSteps } from '../components/live-steps';
import { PageEditor } from '../components/page-editor';
import {
  CeilingFields,
  ceilingInput,
  ceilingIssues,
  EMPTY_CEILING,
  type CeilingDraft,
} from '../components/ceiling-fields';
import { creditEstimate, newPage, pageIssues, step1Atom, type DraftPage } from '../state/live-draft';

/** The server's refusal names the page as `pages.<i>.<field>`: that page's card shows it too. */
function pageOfField(field: unknown): number | null {
  const m = typeof field === 'string' ? /^pages\.(\d+)\./.exec(field) : null;
  return m ? Number(m[1]) : null;
}

/**
 * Live import step 2: the survey's pages (label, start flag, criterion, question title, checks,
 * keywords, languages, grid scale) and the credit estimate per respondent. Saving creates the live
 * datafile with its data points (the server checks every rule again) and opens the integration.
 */
export function DefineDatafilePage() {
  const t = useT();
  const translateRefusal = useTranslateRefusal();
  const [, navigate] = useLocation();
  const [step1, setStep1] = useAtom(step1Atom);
  const [pages, setPages] = useState<DraftPage[]>(() => [newPage(true)]);
  const [ceiling, setCeiling] = useState<CeilingDraft>(EMPTY_CEILING);
  const [submitted, setSubmitted] = useState(false);
  /** The server's refusal; the form's own issues show while any is left after the first save. */
  const [error, setError] = useState<{ text: string; page: number | null } | null>(null);
  const create = useCreateLiveDatafile();
  const issues = useMemo(() => pageIssues(pages), [pages]);
  if (!step1 || !step1.surveySoftware) return <Redirect to="/live-import" replace />;
  const software: SurveySoftware = step1.surveySoftware;

  const patch = (key: number, change: Partial<DraftPage>) =>
    setPages((all) => all.map((p) => (p.key === key ? { ...p, ...change } : p)));
  const setStart = (key: number) => setPages((all) => all.map((p) => ({ ...p, start: p.key === key })));
  const remove = (key: number) =>
    setPages((all) => {
      const rest = all.filter((p) => p.key !== key);
      return rest.some((p) => p.start) ? rest : rest.map((p, i) => ({ ...p, start: i === 0 }));
    });

  const save = async () => {
    setSubmitted(true);
    setError(null);
    if (issues.size > 0 || ceilingIssues(ceiling).length > 0) return;
    try {
      const datafileId = await create.create({
        name: step1.name,
        surveySoftware: software,
        ...ceilingInput(ceiling),
        pages: pages.map((p) => ({
          label: p.label.trim(),
          start: p.start,
          criterion: p.criterion,
          questionTitle: p.questionTitle.trim(),
          contextCheck: p.contextCheck,
          duplicateCheck: p.duplicateCheck,
          copyPasteCheck: p.copyPasteCheck,
          keywords: p.keywords,
          languages: p.languages,
          ...(p.criterion === 'IBS' ? { items: Number(p.items), min: Number(p.min), max: Number(p.max) } : {}),
        })),
      });
      const template = software === 'FORSTA' ? `&template=${step1.forstaTemplate}` : '';
      setStep1(null);
      navigate(`/snippet-integration-instructions?datafileId=${encodeURIComponent(datafileId)}${template}`);
    } catch (e) {
      const refusal = refusalOf(e);
      setError({ text: translateRefusal(refusal), page: pageOfField(refusal.params.field) });
    }
  };

  const estimate = creditEstimate(pages);
  return (
    <Box maxW="4xl">
      <PageHeader
        title={t('liveImport.define.title')}
        subtitle={t('liveImport.define.subtitle', { name: step1.name })}
        crumbs={[
          { label: t('nav.dashboard'), href: '/' },
          { label: t('routes.liveImport'), href: '/live-import' },
          { label: t('routes.defineDatafile') },
        ]}
      />
      <LiveSteps current={2} />
      <Stack gap="4">
        {pages.map((p, i) => (
          <Box
            key={p.key}
            outline={error?.page === i ? '2px solid' : undefined}
            outlineColor="red.solid"
            borderRadius="md"
          >
            <PageEditor
              page={p}
              index={i}
              issues={issues.get(p.key) ?? []}
              showIssues={submitted}
              canRemove={pages.length > 1}
              onChange={(c) => patch(p.key, c)}
              onStart={() => setStart(p.key)}
              onRemove={() => remove(p.key)}
            />
          </Box>
        ))}
        <Button
          variant="outline"
          alignSelf="flex-start"
          onClick={() => setPages((all) => [...all, newPage(false)])}
          data-testid="live-add-page"
        >
          {t('liveImport.define.addPage')}
        </Button>
        <Card.Root variant="subtle">
          <Card.Body>
            <HStack justify="space-between" align="flex-end">
              <Stat.Root>
                <Stat.Label>{t('liveImport.define.estimate')}</Stat.Label>
                <Stat.ValueText data-testid="live-credit-estimate">
                  {t('liveImport.define.estimateValue', { credits: estimate })}
                </Stat.ValueText>
                <Stat.HelpText>{t('liveImport.define.estimateHelp', { pages: pages.length })}</Stat.HelpText>
              </Stat.Root>
              <Text fontSize="sm" color="fg.muted" maxW="sm">
                {t('liveImport.define.chargeNote')}
              </Text>
            </HStack>
          </Card.Body>
        </Card.Root>
        <CeilingFields
          draft={ceiling}
          onChange={(patch) => setCeiling((c) => ({ ...c, ...patch }))}
          creditsPerRespondent={estimate}
          showIssues={submitted}
        />
        <ErrorAlert
          message={
            submitted && (issues.size > 0 || ceilingIssues(ceiling).length > 0)
              ? t('liveImport.define.fixIssues')
              : null
          }
        />
        <ErrorAlert message={error?.text ?? null} onDismiss={() => setError(null)} />
        <HStack justify="space-between">
          <Button variant="ghost" onClick={() => navigate('/live-import')} data-testid="live-define-back">
            {t('common.back')}
          </Button>
          <Button
            colorPalette="brand"
            loading={create.isMutating}
            loadingText={t('liveImport.define.saving')}
            onClick={() => void save()}
            data-testid="live-define-save"
          >
            {t('liveImport.define.save')}
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
