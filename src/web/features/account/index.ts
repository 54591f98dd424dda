export { PrivacyCard } from './components/privacy-card';
