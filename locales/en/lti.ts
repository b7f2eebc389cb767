/** LTI 1.3 launches from a learning management system (issue 46): the platforms' settings. */
const en = {
  lti: {
    errors: {
      address: 'Enter a web address starting with https:// (or http:// for a test platform).',
    },
  },
};

export default en;
