import {
  Badge,
  Box,
  Card,
  Center,
  Checkbox,
  DataList,
  Flex,
  Heading,
  HStack,
  IconButton,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  Tooltip,
} from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { PageError } from '../../../components/feedback/page-state';
import { RadialChart } from '../../../components/charts/radial-chart';
import { InfoIcon } from '../../../components/icons/icons';
import { viennaDate } from '../../../../db/domain/calendar';
import { balancePercent, formatEuroCents } from '../../../lib/calendar';
import { formatDate, formatIsoDate, formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import type { Contract, ContractStatus, PlanSummary } from '../api/contract-types';
import { useGetCompanyContracts } from '../api/use-get-company-contracts';
import { DeleteContractModal, EditContractModal } from './edit-contract-modal';

/** The contract list's scroll height. */
export const CONTRACT_LIST_MAX_HEIGHT = '520px';

const STATUS_PALETTE: Record<ContractStatus, string> = {
  ACTIVE: 'green',
  UPCOMING: 'blue',
  EXPIRED: 'gray',
  DEACTIVE: 'red',
};

const PencilIcon = () => (
  <svg
    width="1em"
    height="1em"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    aria-hidden="true"
  >
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="m14 6 4 4" />
  </svg>
);

/** The flashing green dot of the plan the next charge draws from. */
export function NextAvailableDot() {
  const t = useT();
  return (
    <Box
      as="span"
      display="inline-block"
      w="2.5"
      h="2.5"
      borderRadius="full"
      bg="green.500"
      title={t('contracts.plan.nextAvailable')}
      data-testid="next-available-dot"
      css={{
        animation: 'pulse 1.2s ease-in-out infinite',
        '@keyframes pulse': { '0%,100%': { opacity: 1 }, '50%': { opacity: 0.2 } },
      }}
    />
  );
}

function PlanPanel({ plan, title, backup }: { plan: PlanSummary; title: string; backup?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const next = plan.isNextAvailable;
  return (
    <Card.Root
      variant="outline"
      borderColor={next ? 'green.400' : 'border'}
      bg={next ? 'green.50' : 'bg'}
      data-testid={backup ? 'backup-plan-panel' : 'primary-plan-panel'}
      data-next={next}
    >
      <Card.Body gap="3">
        <HStack justify="space-between">
          <HStack gap="2">
            <Heading size="sm">{title}</Heading>
            {next && <NextAvailableDot />}
          </HStack>
          {backup && (
            <Tooltip.Root>
              <Tooltip.Trigger asChild>
                <IconButton size="xs" variant="ghost" aria-label={t('contracts.plan.backupInfo')}>
                  <InfoIcon />
                </IconButton>
              </Tooltip.Trigger>
              <Tooltip.Positioner>
                <Tooltip.Content>{t('contracts.plan.backupInfo')}</Tooltip.Content>
              </Tooltip.Positioner>
            </Tooltip.Root>
          )}
        </HStack>
        {plan.isPayPerUsage ? (
          <Stack gap="1">
            <Badge colorPalette="purple" alignSelf="flex-start">
              {t('contracts.plan.payPerUsage')}
            </Badge>
            <Text>
              {t('contracts.plan.usage')}: <b>{formatNumber(plan.credits.received, locale)}</b>
            </Text>
            <Text>
              {t('contracts.plan.invoiceAmount')}:{' '}
              <b>{formatEuroCents(plan.credits.received * plan.pricePerCredit, locale)}</b>
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {t('contracts.plan.invoiceNote')}
            </Text>
          </Stack>
        ) : (
          <HStack gap="4">
            <RadialChart
              percent={balancePercent(plan.credits.balance, plan.credits.received)}
              size={96}
              thickness={10}
            />
            <Stack gap="1">
              <Text>
                {t('contracts.plan.remaining')}: <b>{formatNumber(plan.credits.balance, locale)}</b>
              </Text>
              <Text>
                {t('contracts.plan.received')}: <b>{formatNumber(plan.credits.received, locale)}</b>
              </Text>
            </Stack>
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function ContractCard({
  contract,
  selected,
  onSelect,
}: {
  contract: Contract;
  selected: boolean;
  onSelect: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const plan = contract.primaryCreditPlan;
  return (
    <Card.Root
      variant="outline"
      cursor="pointer"
      onClick={onSelect}
      borderColor={selected ? 'brand.solid' : 'border'}
      borderWidth={selected ? '2px' : '1px'}
      data-testid="contract-card"
      data-status={contract.status}
      size="sm"
    >
      <Card.Body gap="1">
        <HStack justify="space-between">
          <Text fontWeight="semibold">{t(`contracts.types.${contract.type}`)}</Text>
          <Badge colorPalette={STATUS_PALETTE[contract.status]}>{t(`contracts.status.${contract.status}`)}</Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {formatIsoDate(contract.startDate, locale)} – {formatIsoDate(contract.endDate, locale)}
        </Text>
        {contract.name && (
          <Text fontSize="sm">
            {t('contracts.fields.reference')}: {contract.name}
          </Text>
        )}
        {plan && (
          <Text fontSize="sm">
            {t('contracts.fields.pricePerCredit')}: {formatEuroCents(plan.pricePerCredit, locale)}
          </Text>
        )}
        {plan && !plan.isPayPerUsage && (
          <Text fontSize="sm">
            {t('contracts.plan.received')}: {formatNumber(plan.credits.received, locale)} ·{' '}
            {t('contracts.plan.remaining')}: {formatNumber(plan.credits.balance, locale)}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function ContractDetails({
  contract,
  superAdmin,
  onEdit,
}: {
  contract: Contract;
  superAdmin: boolean;
  onEdit: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const item = (label: string, value: React.ReactNode, testId?: string) => (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId}>{value}</DataList.ItemValue>
    </DataList.Item>
  );
  return (
    <Stack gap="4" data-testid="contract-details">
      <HStack justify="space-between">
        <Heading size="md">{t(`contracts.types.${contract.type}`)}</Heading>
        {superAdmin && contract.status !== 'EXPIRED' && contract.status !== 'DEACTIVE' && (
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={t('contracts.edit.title')}
            onClick={onEdit}
            data-testid="edit-contract"
          >
            <PencilIcon />
          </IconButton>
        )}
      </HStack>
      <DataList.Root orientation="horizontal" size="sm">
        {item(t('contracts.fields.startDate'), formatIsoDate(contract.startDate, locale))}
        {item(t('contracts.fields.endDate'), formatIsoDate(contract.endDate, locale))}
        {contract.status === 'ACTIVE'
          ? item(
              t('contracts.fields.remainingDays'),
              formatNumber(contract.remainingDays ?? 0, locale),
              'contract-remaining-days',
            )
          : item(t('contracts.fields.duration'), t('contracts.form.days', { count: contract.durationInDays }))}
        {item(t('contracts.fields.autoRenew'), contract.autoRenew ? t('contracts.yes') : t('contracts.no'))}
        {item(t('contracts.fields.imports'), formatNumber(contract.numberOfDatafiles, locale))}
        {item(t('contracts.fields.records'), formatNumber(contract.numberOfDataRecords, locale))}
        {superAdmin && item(t('contracts.fields.createdAt'), formatDate(contract.createdAt, locale))}
        {superAdmin && item(t('contracts.fields.createdBy'), contract.createdBy?.name ?? '-')}
        {superAdmin && item(t('contracts.fields.reference'), contract.name ?? '-')}
      </DataList.Root>
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
        {contract.primaryCreditPlan && (
          <PlanPanel plan={contract.primaryCreditPlan} title={t('contracts.plan.primary')} />
        )}
        {contract.backupCreditPlan && (
          <PlanPanel plan={contract.backupCreditPlan} title={t('contracts.plan.backup')} backup />
        )}
      </SimpleGrid>
    </Stack>
  );
}

type Filter = 'ACTIVE' | 'UPCOMING' | 'EXPIRED';

/** The contracts tab: filterable list (Upcoming for super admins only), details and plan panels, edit and delete. */
export function ContractsTab({ companyId, superAdmin }: { companyId: string; superAdmin: boolean }) {
  const t = useT();
  const { data, error, mutate } = useGetCompanyContracts(companyId);
  const filters: Filter[] = superAdmin ? ['ACTIVE', 'UPCOMING', 'EXPIRED'] : ['ACTIVE', 'EXPIRED'];
  const [shown, setShown] = useState<Record<Filter, boolean>>({ ACTIVE: true, UPCOMING: true, EXPIRED: true });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The contract is pinned when a modal opens: revalidating the list must not swap it under the modal.
  const [editing, setEditing] = useState<{ kind: 'edit' | 'delete'; contract: Contract } | null>(null);
  const today = useMemo(() => viennaDate(), []);
  if (error) return <PageError onRetry={() => void mutate()} />;
  if (!data)
    return (
      <Center py="16">
        <Spinner />
      </Center>
    );
  const all = data.getCompanyContracts.filter((c) => superAdmin || c.status !== 'UPCOMING');
  const visible = all.filter((c) => shown[(c.status === 'DEACTIVE' ? 'EXPIRED' : c.status) as Filter]);
  const selected =
    visible.find((c) => c.id === selectedId) ?? visible.find((c) => c.status === 'ACTIVE') ?? visible[0] ?? null;
  const active = all.find((c) => c.status === 'ACTIVE');
  const hasUpcoming = all.some((c) => c.status === 'UPCOMING');
  return (
    <Flex gap="6" align="flex-start" data-testid="contracts-tab">
      <Stack w="340px" flexShrink={0} gap="3">
        <HStack gap="4" wrap="wrap">
          {filters.map((f) => (
            <Checkbox.Root
              key={f}
              size="sm"
              checked={shown[f]}
              onCheckedChange={(d) => setShown({ ...shown, [f]: d.checked === true })}
              data-testid={`contract-filter-${f}`}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t(`contracts.status.${f}`)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </HStack>
        <Stack gap="2" maxH={CONTRACT_LIST_MAX_HEIGHT} overflowY="auto" pr="1" data-testid="contract-list">
          {visible.length === 0 && (
            <Text color="fg.muted" fontSize="sm">
              {t('contracts.empty')}
            </Text>
          )}
          {visible.map((c) => (
            <ContractCard
              key={c.id}
              contract={c}
              selected={selected?.id === c.id}
              onSelect={() => setSelectedId(c.id)}
            />
          ))}
        </Stack>
      </Stack>
      <Box flex="1" minW="0">
        {selected ? (
          <ContractDetails
            contract={selected}
            superAdmin={superAdmin}
            onEdit={() => setEditing({ kind: 'edit', contract: selected })}
          />
        ) : (
          <Text color="fg.muted">{t('contracts.selectOne')}</Text>
        )}
      </Box>
      {editing?.kind === 'edit' && (
        <EditContractModal
          contract={editing.contract}
          today={today}
          activeEnd={active && active.id !== editing.contract.id ? active.endDate : null}
          hasUpcoming={hasUpcoming}
          onClose={() => setEditing(null)}
          onDelete={() => setEditing({ kind: 'delete', contract: editing.contract })}
        />
      )}
      {editing?.kind === 'delete' && (
        <DeleteContractModal
          contract={editing.contract}
          onClose={() => setEditing(null)}
          onDeleted={() => {
            setEditing(null);
            setSelectedId(null);
          }}
        />
      )}
    </Flex>
  );
}
