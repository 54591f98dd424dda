/** The operator console, for the app's router (loaded only when an operator opens /admin). */
export { AdminConsole } from './components/admin-console';
