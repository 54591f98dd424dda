export { PrivacyCard } from './components/privacy-card';
export { AccountSettingsCard } from './components/account-settings-card';
