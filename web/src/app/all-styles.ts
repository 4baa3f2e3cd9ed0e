// Every Mantine style, loaded with the lazy screens and the notice container (first-screen-styles.ts holds the
// first screen's share). Repeating the first screen's rules later changes nothing: same rules, same layer.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
