import { Box, Button, HStack, Text } from '@chakra-ui/react';
import type { FormikErrors, FormikProps } from 'formik';
import { useRef, useState } from 'react';
import * as yup from 'yup';
import { FormDialog } from '../../../components/form/form-dialog';
import type { SupportLevel } from '../../../lib/gql/graphql';
import { useT } from '../../../lib/i18n';
import type { QueryName } from '../../../lib/swr-helpers';
import { useActivateOrganization } from '../api/use-activate-organization';
import { useAssignNewContractToCompany } from '../api/use-assign-new-contract-to-company';
import { useAssignUpcomingContractToCompany } from '../api/use-assign-upcoming-contract-to-company';
import { BusinessInfoFields } from '../forms/business-info-fields';
import { ContractFormFields } from '../forms/contract-form-fields';
import {
  type BusinessInfoValues,
  businessInfoSchema,
  type ContractFormValues,
  contractSchema,
  type CreditPlanFormValues,
  creditPlanSchema,
  initialContractValues,
  initialPlanValues,
  startRules,
  toContractInput,
  toCreditPlanInput,
} from '../forms/contract-rules';
import { CreditPlanFormFields } from '../forms/credit-plan-form-fields';

export type WizardValues = { contract: ContractFormValues; plan: CreditPlanFormValues; business: BusinessInfoValues };
type Section = 'contract' | 'plan' | 'business';

const STEP_FIELDS: Record<Section, string[]> = {
  contract: ['contractType', 'startDate', 'endDate'],
  plan: ['creditPlanCategory', 'creditAmount', 'pricePerCredit', 'paymentAmount'],
  business: ['accountManager', 'supportLevel'],
};

/** Operations whose answers change once a contract is added or an organisation activated. */
export const CONTRACT_WRITES_TOUCH: readonly QueryName[] = [
  'getCompanyContracts',
  'isCompnayHavingUpcomingContract',
  'getCompany',
  'getCompanyCreditSummary',
  'getCompanyCreditPlansByType',
  'getCompanyTransactionsGroupedByDatafile',
  'getAllActiveCompanies',
  'getAllNewCompanies',
  'getCompaniesSummary',
];

/**
 * The multi-step contract wizard: 'activate' (contract, credit plan, business info; Activate) for a
 * new registration, 'assign' (contract, credit plan; Assign) for the next contract. Each step
 * validates before the next one opens. On success its message and a Close button show for 2
 * seconds, then the wizard closes and the lists refresh.
 */
export function ContractWizard({
  mode,
  companyId,
  activeContractEnd,
  today,
  onClose,
}: {
  mode: 'activate' | 'assign';
  companyId: string;
  activeContractEnd: string | null;
  today: string;
  onClose: (changed: boolean) => void;
}) {
  const t = useT();
  const sections: Section[] = mode === 'activate' ? ['contract', 'plan', 'business'] : ['contract', 'plan'];
  const [step, setStep] = useState(0);
  const done = useRef(false);
  const activate = useActivateOrganization();
  const assignUpcoming = useAssignUpcomingContractToCompany();
  const assignNew = useAssignNewContractToCompany();
  const { minStart, startLocked } = startRules(activeContractEnd, today);

  const schema = yup.object({
    contract: contractSchema(t),
    plan: creditPlanSchema(t),
    ...(mode === 'activate' ? { business: businessInfoSchema(t) } : {}),
  });

  const initialValues: WizardValues = {
    contract: initialContractValues(activeContractEnd, today),
    plan: initialPlanValues,
    business: { accountManager: '', supportLevel: '', notes: '' },
  };

  async function submit(values: WizardValues) {
    const contract = toContractInput(values.contract);
    const creditPlan = toCreditPlanInput(values.plan, values.contract.contractType);
    const packageId = values.plan.packageId || null;
    if (mode === 'activate') {
      // The business step's schema requires one of the select's options (SUPPORT_LEVELS).
      const supportLevel = values.business.supportLevel as SupportLevel;
      await activate.trigger({
        input: {
          companyId,
          contract,
          creditPlan,
          packageId,
          accountManager: values.business.accountManager,
          supportLevel,
          notes: values.business.notes || null,
        },
      });
    } else if (activeContractEnd) {
      await assignUpcoming.trigger({ input: { companyId, contract, creditPlan, packageId } });
    } else {
      await assignNew.trigger({ input: { companyId, contract, creditPlan, packageId } });
    }
  }

  const touchStep = (form: FormikProps<WizardValues>) => {
    const section = sections[step]!;
    return form.setTouched(
      { ...form.touched, [section]: Object.fromEntries(STEP_FIELDS[section].map((f) => [f, true])) },
      false,
    );
  };

  async function next(form: FormikProps<WizardValues>) {
    const errors: FormikErrors<WizardValues> = await form.validateForm();
    await touchStep(form);
    if (!errors[sections[step]!]) setStep(step + 1);
  }

  const titles: Record<Section, string> = {
    contract: t('contracts.wizard.contractInfo'),
    plan: t('contracts.wizard.creditPlanInfo'),
    business: t('contracts.wizard.businessInfo'),
  };
  const finishLabel = mode === 'activate' ? t('contracts.wizard.activate') : t('contracts.wizard.assign');

  return (
    <FormDialog<WizardValues>
      open
      onClose={() => onClose(done.current)}
      title={mode === 'activate' ? t('contracts.wizard.activateTitle') : t('contracts.wizard.assignTitle')}
      testId={`${mode}-wizard`}
      size="lg"
      closeOnInteractOutside={false}
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={submit}
      successMessage={mode === 'activate' ? t('contracts.wizard.activated') : t('contracts.wizard.assigned')}
      onSucceeded={() => {
        done.current = true;
      }}
      revalidates={CONTRACT_WRITES_TOUCH}
      submitLabel={finishLabel}
      hideFieldsOnSuccess
      header={(_form, { succeeded }) =>
        !succeeded && (
          <HStack gap="2" data-testid="wizard-steps">
            {sections.map((s, index) => (
              <HStack key={s} gap="2" flex="1">
                <Box
                  w="7"
                  h="7"
                  borderRadius="full"
                  display="flex"
                  alignItems="center"
                  justifyContent="center"
                  fontSize="sm"
                  fontWeight="bold"
                  bg={index <= step ? 'brand.solid' : 'bg.muted'}
                  color={index <= step ? 'white' : 'fg.muted'}
                >
                  {index + 1}
                </Box>
                <Text
                  fontSize="sm"
                  fontWeight={index === step ? 'semibold' : 'normal'}
                  color={index === step ? 'fg' : 'fg.muted'}
                >
                  {titles[s]}
                </Text>
              </HStack>
            ))}
          </HStack>
        )
      }
      footer={(form, { succeeded }) =>
        succeeded ? (
          <Button onClick={() => onClose(true)} data-testid="wizard-close">
            {t('common.close')}
          </Button>
        ) : (
          <>
            {step > 0 && (
              <Button variant="outline" onClick={() => setStep(step - 1)} data-testid="wizard-previous">
                {t('contracts.wizard.previous')}
              </Button>
            )}
            {step < sections.length - 1 ? (
              <Button colorPalette="brand" onClick={() => void next(form)} data-testid="wizard-next">
                {t('contracts.wizard.next')}
              </Button>
            ) : (
              <Button
                colorPalette="brand"
                loading={form.isSubmitting}
                data-testid="wizard-finish"
                onClick={async () => {
                  await touchStep(form);
                  await form.submitForm();
                }}
              >
                {finishLabel}
              </Button>
            )}
          </>
        )
      }
    >
      {() => (
        <>
          {sections[step] === 'contract' && <ContractFormFields minStart={minStart} startLocked={startLocked} />}
          {sections[step] === 'plan' && <CreditPlanFormFields />}
          {sections[step] === 'business' && <BusinessInfoFields />}
        </>
      )}
    </FormDialog>
  );
}
