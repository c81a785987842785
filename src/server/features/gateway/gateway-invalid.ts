import { invalid } from '../../http/invalid-input';

/** The data layer's 400 naming the field: the gateway's requests are refused the same way. */
export const gatewayInvalid = invalid;
