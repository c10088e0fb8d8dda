// Host glue only: the greeting-cards plugin holds all behaviour.
export default {
  register() {},
  bootstrap() {},
};
