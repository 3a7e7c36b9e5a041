import { startWorker } from './worker';

declare const self: ServiceWorkerGlobalScope;

startWorker(self, __SHELL_BUILD__);
