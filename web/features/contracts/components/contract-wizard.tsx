import { Box, Button, CloseButton, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { Formik, type FormikErrors, type FormikProps } from 'formik';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import * as yup from 'yup';
import { ErrorAlert, SuccessAlert } from '../../../components/feedback/error-alert';
import { errorCodeOf } from '../../../lib/graphql-client';
import { useT, useTranslateError } from '../../../lib/i18n';
import { revalidateOperations } from '../../../lib/swr-helpers';
import { useActivateOrganization } from '../api/use-activate-organization';
import { useAssignNewContractToCompany } from '../api/use-assign-new-contract-to-company';
import { useAssignUpcomingContractToCompany } from '../api/use-assign-upcoming-contract-to-company';
import { BusinessInfoFields } from '../forms/business-info-fields';
import { ContractFormFields } from '../forms/contract-form-fields';
import {
  type BusinessInfoValues, businessInfoSchema, type ContractFormValues, contractSchema, type CreditPlanFormValues, creditPlanSchema,
  initialContractValues, initialPlanValues, startRules, toContractInput, toCreditPlanInput,
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
export const CONTRACT_WRITES_TOUCH = [
  'getCompanyContracts', 'isCompnayHavingUpcomingContract', 'getCompany', 'getCompanyCreditSummary', 'getCompanyCreditPlans',
  'getCompanyCreditPlansByType', 'getCompanyTransactionsGroupedByDatafile', 'getAllActiveCompanies', 'getAllNewCompanies', 'getCompaniesSummary',
];

/**
 * The multi-step contract wizard: 'activate' (contract, credit plan, business info; Activate) for a
 * new registration, 'assign' (contract, credit plan; Assign) for the next contract. Each step
 * validates before the next one opens.
 */
export function ContractWizard({ mode, companyId, activeContractEnd, today, onClose }: {
  mode: 'activate' | 'assign';
  companyId: string;
  activeContractEnd: string | null;
  today: string;
  onClose: (changed: boolean) => void;
}) {
  const t = useT();
  const translateError = useTranslateError();
  const { mutate } = useSWRConfig();
  const sections: Section[] = mode === 'activate' ? ['contract', 'plan', 'business'] : ['contract', 'plan'];
  const [step, setStep] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
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
    setError(null);
    const contract = toContractInput(values.contract);
    const creditPlan = toCreditPlanInput(values.plan, values.contract.contractType);
    const packageId = values.plan.packageId || null;
    try {
      if (mode === 'activate') {
        await activate.trigger({ input: { companyId, contract, creditPlan, packageId, accountManager: values.business.accountManager, supportLevel: values.business.supportLevel, notes: values.business.notes || null } });
      } else if (activeContractEnd) {
        await assignUpcoming.trigger({ input: { companyId, contract, creditPlan, packageId } });
      } else {
        await assignNew.trigger({ input: { companyId, contract, creditPlan, packageId } });
      }
      setDone(true);
      void revalidateOperations(mutate, ...CONTRACT_WRITES_TOUCH);
    } catch (e) {
      setError(translateError(errorCodeOf(e)));
    }
  }

  async function next(form: FormikProps<WizardValues>) {
    const section = sections[step]!;
    const errors: FormikErrors<WizardValues> = await form.validateForm();
    const touched = Object.fromEntries(STEP_FIELDS[section].map((f) => [f, true]));
    await form.setTouched({ ...form.touched, [section]: touched }, false);
    if (!errors[section]) setStep(step + 1);
  }

  const titles: Record<Section, string> = {
    contract: t('contracts.wizard.contractInfo'),
    plan: t('contracts.wizard.creditPlanInfo'),
    business: t('contracts.wizard.businessInfo'),
  };
  const finishLabel = mode === 'activate' ? t('contracts.wizard.activate') : t('contracts.wizard.assign');

  return (
    <Dialog.Root open onOpenChange={(d) => { if (!d.open) onClose(done); }} placement="center" size="lg" closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={`${mode}-wizard`}>
            <Dialog.Header>
              <Dialog.Title>{mode === 'activate' ? t('contracts.wizard.activateTitle') : t('contracts.wizard.assignTitle')}</Dialog.Title>
            </Dialog.Header>
            {done ? (
              <>
                <Dialog.Body><SuccessAlert message={mode === 'activate' ? t('contracts.wizard.activated') : t('contracts.wizard.assigned')} /></Dialog.Body>
                <Dialog.Footer><Button onClick={() => onClose(true)} data-testid="wizard-close">{t('common.close')}</Button></Dialog.Footer>
              </>
            ) : (
              <Formik<WizardValues> initialValues={initialValues} validationSchema={schema} onSubmit={submit} validateOnChange validateOnBlur>
                {(form) => (
                  <>
                    <Dialog.Body overflow="visible">
                      <HStack gap="2" mb="5" data-testid="wizard-steps">
                        {sections.map((s, index) => (
                          <HStack key={s} gap="2" flex="1">
                            <Box w="7" h="7" borderRadius="full" display="flex" alignItems="center" justifyContent="center" fontSize="sm" fontWeight="bold"
                              bg={index <= step ? 'brand.solid' : 'bg.muted'} color={index <= step ? 'white' : 'fg.muted'}>{index + 1}</Box>
                            <Text fontSize="sm" fontWeight={index === step ? 'semibold' : 'normal'} color={index === step ? 'fg' : 'fg.muted'}>{titles[s]}</Text>
                          </HStack>
                        ))}
                      </HStack>
                      <Stack gap="4">
                        {sections[step] === 'contract' && <ContractFormFields minStart={minStart} startLocked={startLocked} />}
                        {sections[step] === 'plan' && <CreditPlanFormFields />}
                        {sections[step] === 'business' && <BusinessInfoFields />}
                        <ErrorAlert message={error} onDismiss={() => setError(null)} />
                      </Stack>
                    </Dialog.Body>
                    <Dialog.Footer>
                      {step > 0 && <Button variant="outline" onClick={() => setStep(step - 1)} data-testid="wizard-previous">{t('contracts.wizard.previous')}</Button>}
                      {step < sections.length - 1 ? (
                        <Button colorPalette="brand" onClick={() => void next(form)} data-testid="wizard-next">{t('contracts.wizard.next')}</Button>
                      ) : (
                        <Button colorPalette="brand" loading={form.isSubmitting} data-testid="wizard-finish"
                          onClick={async () => {
                            const section = sections[step]!;
                            await form.setTouched({ ...form.touched, [section]: Object.fromEntries(STEP_FIELDS[section].map((f) => [f, true])) }, false);
                            await form.submitForm();
                          }}>{finishLabel}</Button>
                      )}
                    </Dialog.Footer>
                  </>
                )}
              </Formik>
            )}
            <Dialog.CloseTrigger asChild><CloseButton size="sm" /></Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
