import { defineArea } from './vocabulary';

/** Requests for a demo, sent from the public landing page: a list in the system settings. */
const demoRequests = defineArea({
  name: 'demo-requests',
  pages: {
    demo_requests: {
      path: '/demo-requests',
      view: 'demo-requests/DemoRequestsPage',
      access: ['demo-requests'],
      menu: 'system_settings',
    },
  },
});

export default demoRequests;
