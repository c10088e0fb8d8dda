import templateDesigner from './areas/catalogue/template-designer-policy';

/** Route policies of the plugin, referenced as plugin::greeting-cards.<name>. */
export default {
  'template-designer': templateDesigner,
};
