export { installSebGuard } from './seb-guard';
export { sebRoutes } from './seb-routes';
