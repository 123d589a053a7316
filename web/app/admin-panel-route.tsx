import { lazy, Suspense } from 'react';
// From its own file, not the feature's index: the index serves the organisation page, whose chunk
// should not carry the Admin Panel.
import { AdminPanelPage } from '../features/companies/pages/admin-panel-page';

// The wizard (date pickers, forms) loads only when a registration is activated, so the
// Organizations table paints without it (the target: the first page within 300 ms).
const ActivateOrganizationWizard = lazy(async () => ({
  default: (await import('../features/contracts')).ActivateOrganizationWizard,
}));

/** /admin-panel composed with the contracts feature's activation wizard. */
export function AdminPanelRoute() {
  return (
    <AdminPanelPage
      renderActivation={(companyId, onClose) => (
        <Suspense fallback={null}>
          <ActivateOrganizationWizard companyId={companyId} onClose={onClose} />
        </Suspense>
      )}
    />
  );
}
