// Its own module so that the lazy import below splits off the container alone: importing the package itself
// would land in the first chunk, which already imports the package's store.
import './all-styles';

export { Notifications } from '@mantine/notifications';
