export { DEMO_COMPANY_ID, DEMO_PASSWORD, seedDemoData, type SeedSecrets } from './organisations';
