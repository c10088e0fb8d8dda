import templateDesigner from './template-designer';

/** Route policies of the plugin, referenced as plugin::greeting-cards.<name>. */
export default {
  'template-designer': templateDesigner,
};
