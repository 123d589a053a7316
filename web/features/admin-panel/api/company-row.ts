/** Rows per page of the admin tables (spec section 9). */
export const ADMIN_PAGE_SIZE = 5;

export type CompanyRow = {
  id: string;
  name: string;
  image: string | null;
  isActivated: 'PENDING' | 'ACTIVATED' | 'DEACTIVATED';
  createdDate: string;
  supportLevel: 'A' | 'B' | 'C' | null;
  contract: { id: string; type: string; startDate: string; endDate: string; remainingDays: number | null; status: string } | null;
  activeCreditOverview: { totalActiveBalance: number; totalActiveReceived: number; totalReceivedFromPayAsUsage: number };
  latestDataImport: { daysAgo: number } | null;
  companyOwner: { id: string; name: { first: string; last: string }; email: string; image: string | null } | null;
};
export type PageInfo = { page: number; limit: number; total: number; previousPage: number | null; nextPage: number | null };
export type CompanySortField = 'NAME' | 'STATUS' | 'CONTRACT_TYPE' | 'REMAINING_DAYS' | 'SUPPORT_LEVEL' | 'LATEST_IMPORT' | 'CREATED_AT';
export type CompanyListVariables = {
  search: string | null;
  sortBy: CompanySortField | null;
  sortDirection: 'ASC' | 'DESC' | null;
  page: { page: number; limit: number };
};
export type CompanyPage = { companies: CompanyRow[]; pageInfo: PageInfo };
