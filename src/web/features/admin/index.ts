/** The operator console's screens, for the app's router (loaded only when /admin is opened). */
export { AdminLayout } from './components/admin-layout';
export { OverviewPage } from './components/overview-page';
export { UsersPage } from './components/users-page';
export { UserPage } from './components/user-page';
export { JobsPage } from './components/jobs-page';
export { EnginesPage } from './components/engines-page';
export { AuditPage } from './components/audit-page';
