/**
 * One model object per model id. AI SDK models build their response schemas when they are
 * created (about 0.13 ms for an OpenAI-compatible model, on every request before this cache) and
 * hold no per-request state, so a provider keeps them. Model ids are checked against the
 * endpoint's list before a request gets here, so the cache stays small.
 */
export function modelCache<M>(create: (id: string) => M): (id: string) => M {
  const models = new Map<string, M>();
  return (id) => {
    let model = models.get(id);
    if (model === undefined) {
      model = create(id);
      models.set(id, model);
    }
    return model;
  };
}
