import { StepIndicator } from '../../../components/layout/step-indicator';
import { useT } from '../../../lib/i18n';

/** The three steps of an upload, the current one highlighted. */
export function UploadSteps({ current }: { current: 1 | 2 | 3 }) {
  const t = useT();
  return (
    <StepIndicator
      steps={[t('uploads.steps.step1'), t('uploads.steps.step2'), t('uploads.steps.step3')]}
      current={current}
      ariaLabel={t('uploads.steps.aria')}
      testId="upload-steps"
    />
  );
}
