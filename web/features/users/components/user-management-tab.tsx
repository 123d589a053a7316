import { Box } from '@chakra-ui/react';

/** The fourth tab of the organisation details and Administration pages: the company's users. */
export function UserManagementTab({ companyId }: { companyId: string }) {
  return <Box data-testid="user-management-tab" data-company-id={companyId} />;
}
