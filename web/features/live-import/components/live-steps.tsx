import { StepIndicator } from '../../../components/layout/step-indicator';
import { useT } from '../../../lib/i18n';

/** The three steps of a live import (name and tool, pages, integration), the current one highlighted. */
export function LiveSteps({ current }: { current: 1 | 2 | 3 }) {
  const t = useT();
  return (
    <StepIndicator
      steps={[t('liveImport.steps.step1'), t('liveImport.steps.step2'), t('liveImport.steps.step3')]}
      current={current}
      ariaLabel={t('liveImport.steps.aria')}
      testId="live-steps"
    />
  );
}
