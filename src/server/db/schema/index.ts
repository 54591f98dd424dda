export * from './auth';
export * from './studio';
export * from './billing';
export * from './mail';
export * from './jobs';
export * from './admin';
export * from './spending';
export * from './masks';
