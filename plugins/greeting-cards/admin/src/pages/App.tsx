import { OperatorApp } from './OperatorApp';

// The plugin's page under /admin/plugins/greeting-cards: the operators' sections, each a sub-route.
const App = () => <OperatorApp />;

export default App;
