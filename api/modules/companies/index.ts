// The companies module's front door: what other modules may use of it (layering/imports holds them to it).

export { requireCompanyAccess } from './companies.policy';
export { findCompanyById, insertCompany } from './companies.repo';
export {
  type BusinessInfo,
  checkBusinessInfo,
  markActivated,
  requirePendingCompany,
  setPackage,
} from './companies.service';
