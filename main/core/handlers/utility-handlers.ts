import type { RequestHandlers } from '../../../shared/contract.js';
import { LOGGING_LEVELS, type LoggingLevel } from '../../../shared/mcp.js';
import { LoupeError } from '../../../shared/wire.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import type { IsolatedValidator } from '../mcp/isolated-validator.js';
import { paramsObject, stringParam } from './params.js';

type UtilityHandlers = Pick<RequestHandlers, 'completion.complete' | 'logging.setLevel' | 'ping.send' | 'schemas.validate'>;

function completionParams(params: unknown) {
  const { ref, argument, context } = paramsObject(params);
  const refObject = paramsObject(ref);
  if (refObject.type === 'ref/prompt') stringParam(refObject, 'name');
  else if (refObject.type === 'ref/resource') stringParam(refObject, 'uri');
  else throw new LoupeError('A completion needs a ref of type ref/prompt or ref/resource.', 'invalid-params');
  const argumentObject = paramsObject(argument);
  stringParam(argumentObject, 'name');
  if (typeof argumentObject.value !== 'string') throw new LoupeError('The completion argument value must be text.', 'invalid-params');
  return { ref: refObject, argument: argumentObject, ...(context === undefined ? {} : { context: paramsObject(context) }) };
}

export function utilityHandlers(connections: ConnectionManager, validator: IsolatedValidator): UtilityHandlers {
  return {
    'schemas.validate': async (params) => {
      const { schema, value } = paramsObject(params);
      return validator.validate(paramsObject(schema), value);
    },
    'completion.complete': async (params) => {
      const callId = paramsObject(params).callId;
      return connections
        .connected(stringParam(params, 'serverId'))
        .request('completion/complete', completionParams(params), typeof callId === 'string' ? { callId } : {});
    },
    'logging.setLevel': async (params) => {
      const level = stringParam(params, 'level');
      if (!LOGGING_LEVELS.includes(level as LoggingLevel)) {
        throw new LoupeError(`Unknown logging level "${level}": use one of ${LOGGING_LEVELS.join(', ')}.`, 'invalid-params');
      }
      return connections.connected(stringParam(params, 'serverId')).setLogLevel(level as LoggingLevel);
    },
    'ping.send': async (params) => connections.connected(stringParam(params, 'serverId')).request('ping', undefined),
  };
}
