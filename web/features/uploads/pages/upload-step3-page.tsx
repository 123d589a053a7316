import {
  Alert,
  Box,
  Button,
  Card,
  DataList,
  HStack,
  Heading,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { PageError, PageSpinner } from '../../../components/feedback/page-state';
import { PageHeader } from '../../../components/layout/page-header';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { revalidateOperations } from '../../../lib/swr-helpers';
import { useConfirmUpload } from '../api/use-change-datafile-uploading-progress-status';
import { useGetDatafileUploadingProgress } from '../api/use-get-datafile-uploading-progress';
import { useGetDraftedDatafile } from '../api/use-get-drafted-datafile';
import { useGetUploadCheck } from '../api/use-get-upload-check';
import { NotEnoughCreditsDialog, PayAsUsageDialog } from '../components/confirm-dialogs';
import { UploadSteps } from '../components/upload-steps';
import { uploadErrorMessage } from '../state/messages';

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue fontWeight="medium" data-testid={testId}>
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

/**
 * Upload step 3: the summary, the credit estimate from the parsed file and the organisation's
 * balance, the not-enough-credits popup, the confirmation; then the processing with its progress
 * bar (moved by the tab's event stream, polled as the fallback), and the result or the error.
 */
export function UploadStep3Page({ canManageCredits }: { canManageCredits: boolean }) {
  const t = useT();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const datafileId = new URLSearchParams(useSearch()).get('datafileId');
  const drafted = useGetDraftedDatafile(datafileId);
  const check = useGetUploadCheck(datafileId);
  const progress = useGetDatafileUploadingProgress(datafileId);
  const confirm = useConfirmUpload();
  const [dialog, setDialog] = useState<'none' | 'notEnough' | 'payAsUsage'>('none');
  const [error, setError] = useState<string | null>(null);
  const n = (v: number) => formatNumber(v, locale);
  const { mutate } = useSWRConfig();
  const status = progress.data?.getDatafileUploadingProgress.upload?.status;
  const last = useRef(status);
  useEffect(() => {
    // Processing ended: the bell and the dashboard learn it now, not at their next poll. A revision
    // prepared while this step was shown is READY before any poll saw PROCESSING: every change to
    // READY or ERROR seen on this page counts.
    if (last.current && last.current !== status && (status === 'READY' || status === 'ERROR'))
      void revalidateOperations(mutate, 'getNotificationsForLoggedinUser', 'getMyDatafilesSummaryForDashboard');
    last.current = status;
  }, [status, mutate]);

  if (!datafileId) return <Redirect to="/upload-dataset/step1" replace />;
  if (drafted.isLoading || progress.isLoading) return <PageSpinner />;
  const file = drafted.data?.getDraftedDatafile;
  const state = progress.data?.getDatafileUploadingProgress;
  if (!file || !state)
    return (
      <PageError
        onRetry={() => {
          void drafted.mutate();
          void progress.mutate();
        }}
      />
    );
  const upload = state.upload;
  const crumbs = [{ label: t('nav.dashboard'), href: '/' }, { label: t('routes.uploadStep3') }];

  if (upload?.status === 'PROCESSING' || upload?.status === 'READY') {
    const done = upload.status === 'READY';
    return (
      <Box maxW="3xl">
        <PageHeader title={t('uploads.step3.title')} crumbs={crumbs} />
        <UploadSteps current={3} />
        <Card.Root variant="outline" bg="bg" data-testid={done ? 'upload-done' : 'upload-processing'}>
          <Card.Header>
            <Heading size="md">{t(done ? 'uploads.step3.doneTitle' : 'uploads.step3.processingTitle')}</Heading>
          </Card.Header>
          <Card.Body>
            <Stack gap="4">
              {done ? (
                <Text data-testid="upload-done-text">
                  {t('uploads.step3.doneText', {
                    count: upload.numberOfRecords ?? 0,
                    valid: n(state.metadata?.numberOfValidRecords ?? 0),
                    credits: n(upload.creditsCharged ?? 0),
                  })}
                </Text>
              ) : (
                <Text>{t('uploads.step3.processingText', { title: state.title })}</Text>
              )}
              <Box>
                <Progress.Root
                  value={done ? 100 : upload.progress}
                  colorPalette={done ? 'green' : 'brand'}
                  data-testid="processing-progress"
                >
                  <HStack justify="space-between" mb="1">
                    <Progress.Label>{state.title}</Progress.Label>
                    <Progress.ValueText>
                      {t('uploads.step3.progress', { percent: n(done ? 100 : upload.progress) })}
                    </Progress.ValueText>
                  </HStack>
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
              </Box>
            </Stack>
          </Card.Body>
          {done && (
            <Card.Footer justifyContent="flex-end" gap="3">
              <Button asChild variant="outline">
                <Link href="/upload-dataset/step1">{t('uploads.step3.newUpload')}</Link>
              </Button>
              <Button asChild colorPalette="brand" data-testid="open-result">
                <Link href={`/datafile-result?datafileId=${encodeURIComponent(datafileId)}`}>
                  {t('uploads.step3.openResult')}
                </Link>
              </Button>
            </Card.Footer>
          )}
        </Card.Root>
      </Box>
    );
  }

  const checked = check.data?.getUploadCheck;
  const estimate = checked?.state === 'DONE' && checked.issues.length === 0 ? checked.estimate : null;
  const failed = upload?.status === 'ERROR' && upload.error ? upload.error : null;
  const types = new Map<string, number>();
  for (const p of file.datapointsMetadata)
    if (p.dataPointType !== 'IGNORE') types.set(p.dataPointType, (types.get(p.dataPointType) ?? 0) + 1);
  const start = async () => {
    setError(null);
    try {
      await confirm.confirm(datafileId, estimate!.creditAmount);
      setDialog('none');
    } catch (e) {
      setDialog('none');
      setError(uploadErrorMessage(locale, e));
    }
  };
  const onConfirm = () => {
    if (!estimate) return;
    if (!estimate.isBalanceEnough) return setDialog('notEnough');
    if (estimate.availableCredits < estimate.creditAmount) return setDialog('payAsUsage');
    void start();
  };
  return (
    <Box maxW="4xl">
      <PageHeader title={t('uploads.step3.title')} subtitle={t('uploads.step3.subtitle')} crumbs={crumbs} />
      <UploadSteps current={3} />
      {failed && (
        <Alert.Root status="error" mb="4" data-testid="upload-failed">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('uploads.step3.errorTitle')}</Alert.Title>
            <Alert.Description>{failed.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <SimpleGrid columns={2} gap="6" alignItems="start">
        <Card.Root variant="outline" bg="bg">
          <Card.Header>
            <Heading size="md">{t('uploads.step3.summary')}</Heading>
          </Card.Header>
          <Card.Body>
            <DataList.Root orientation="horizontal" size="sm">
              <Row label={t('uploads.step3.name')} value={file.name} />
              <Row label={t('uploads.step3.file')} value={file.upload.fileName} />
              <Row label={t('uploads.step3.format')} value={file.upload.format} />
              {file.upload.sheetName && <Row label={t('uploads.step3.sheet')} value={file.upload.sheetName} />}
              <Row
                label={t('uploads.step3.rows')}
                value={`${n(file.upload.headerRow)} / ${n(file.upload.dataRecordStartRow)}`}
              />
              {estimate && (
                <Row label={t('uploads.step3.records')} value={n(estimate.numberOfRecords)} testId="summary-records" />
              )}
              {estimate && file.upload.kind === 'UPDATE' && (
                <Row label={t('uploads.step3.newRecords')} value={n(estimate.newRecords)} />
              )}
              {estimate && <Row label={t('uploads.step3.datapoints')} value={n(estimate.numberOfDatapoints)} />}
              <Row
                label={t('uploads.step3.types')}
                value={[...types].map(([type, count]) => `${t(`uploads.step2.types.${type}`)} ${n(count)}`).join(', ')}
              />
            </DataList.Root>
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline" bg="bg">
          <Card.Header>
            <Heading size="md">{t('uploads.step3.credits')}</Heading>
          </Card.Header>
          <Card.Body>
            {!estimate ? (
              <Stack gap="3">
                <Text color={checked?.state === 'DONE' ? 'fg.error' : 'fg.muted'}>
                  {checked?.state === 'DONE' || checked?.state === 'FAILED' || checked?.state === 'NOT_STARTED'
                    ? t('uploads.step3.checkProblems')
                    : t('uploads.step3.checkPending')}
                </Text>
              </Stack>
            ) : (
              <Stack gap="4">
                <Box>
                  <Text fontSize="sm" color="fg.muted">
                    {t('uploads.step3.estimate')}
                  </Text>
                  <Text fontSize="3xl" fontWeight="semibold" data-testid="credit-estimate">
                    {n(estimate.creditAmount)}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {t('uploads.step3.estimateHint')}
                  </Text>
                </Box>
                <DataList.Root orientation="horizontal" size="sm">
                  <Row
                    label={t('uploads.step3.balance')}
                    value={n(estimate.availableCredits)}
                    testId="credit-balance"
                  />
                  <Row
                    label={t('uploads.step3.afterUpload')}
                    value={n(Math.max(0, estimate.availableCredits - estimate.creditAmount))}
                  />
                </DataList.Root>
                {estimate.availableCredits < estimate.creditAmount && estimate.hasPayAsUsagePlan && (
                  <Text fontSize="sm" color="orange.600">
                    {t('uploads.step3.payAsUsage')}
                  </Text>
                )}
              </Stack>
            )}
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
      <Box mt="4">
        <ErrorAlert message={error} onDismiss={() => setError(null)} />
      </Box>
      <HStack justify="space-between" mt="6">
        <HStack>
          <Button
            variant="outline"
            onClick={() => navigate(`/upload-dataset/step2?datafileId=${encodeURIComponent(datafileId)}`)}
          >
            {t('uploads.step3.back')}
          </Button>
          {failed && (
            <Button
              variant="ghost"
              onClick={() => navigate(`/upload-dataset/step1?datafileId=${encodeURIComponent(datafileId)}`)}
            >
              {t('uploads.step3.toStep1')}
            </Button>
          )}
        </HStack>
        <Button
          colorPalette="brand"
          disabled={!estimate}
          loading={confirm.isMutating}
          onClick={onConfirm}
          data-testid="upload-confirm"
        >
          {t('uploads.step3.confirm')}
        </Button>
      </HStack>
      {estimate && (
        <>
          <NotEnoughCreditsDialog
            open={dialog === 'notEnough'}
            needed={estimate.creditAmount}
            balance={estimate.availableCredits}
            onClose={() => setDialog('none')}
            canManageCredits={canManageCredits}
          />
          <PayAsUsageDialog
            open={dialog === 'payAsUsage'}
            needed={estimate.creditAmount}
            balance={estimate.availableCredits}
            onClose={() => setDialog('none')}
            onContinue={() => void start()}
            busy={confirm.isMutating}
          />
        </>
      )}
    </Box>
  );
}
