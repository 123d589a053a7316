export type CompanyUser = {
  id: string;
  name: { first: string; last: string };
  email: string;
  image: string | null;
  accessLevel: 'SUPER_ADMIN' | 'ADMIN' | 'EMPLOYEE';
  status: string;
  isOwner: boolean;
  numberOfImports: number;
};
