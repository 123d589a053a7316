export { ActivateOrganizationWizard, AssignUpcomingContractModal } from './components/assign-upcoming-contract-modal';
export { ContractsTab } from './components/contracts-tab';
