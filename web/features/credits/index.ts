export { CreditPlansTab } from './components/credit-plans-tab';
export { CreditTransactionTab } from './components/credit-transaction-tab';
export { WalletMenu } from './components/wallet-menu';
