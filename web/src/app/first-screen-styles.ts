// Mantine's global rules and the styles of the components the first screen shows (the layout, the login, the
// spinner): a tenth of Mantine's full stylesheet, so the first paint does not wait for, nor the browser match
// against, the rules of components no first screen uses. Everything else comes with the lazy screens
// (all-styles.ts). The layered files keep every Mantine rule below the app's own CSS whatever order the two
// stylesheets arrive in. The order is Mantine's own, from @mantine/core/styles.css; scripts/check-web-budget.mjs
// fails the build when the first load uses a Mantine class that this list leaves out.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
