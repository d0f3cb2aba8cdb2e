// A contact's page: Delete asks first.
import { confirmBeforeSubmitting } from '../shared/dialogs.js';

confirmBeforeSubmitting();
