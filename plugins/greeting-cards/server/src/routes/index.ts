export default {
  'content-api': { type: 'content-api', routes: [] as unknown[] },
};
