import { entityKey, type Subscription } from './types.ts';

/** Something joined to a topic: broadcast and presence fan out to these. */
export interface TopicMember {
  readonly topic: string;
}

/** Every live subscription by table, and every joined channel by topic. */
export class Hub<M extends TopicMember = TopicMember> {
  private readonly byEntity = new Map<string, Set<Subscription>>();
  private readonly byTopic = new Map<string, Set<M>>();

  subscribe(subs: Subscription[]) {
    for (const s of subs) {
      for (const e of s.entities) {
        const key = entityKey(e.schema, e.table);
        let set = this.byEntity.get(key);
        if (!set) this.byEntity.set(key, (set = new Set()));
        set.add(s);
      }
    }
  }

  unsubscribe(subs: Subscription[]) {
    for (const s of subs) {
      for (const e of s.entities) {
        const key = entityKey(e.schema, e.table);
        const set = this.byEntity.get(key);
        set?.delete(s);
        if (set?.size === 0) this.byEntity.delete(key);
      }
    }
  }

  subscribers(schema: string, table: string): Subscription[] {
    return [...(this.byEntity.get(entityKey(schema, table)) ?? [])];
  }

  get hasSubscribers(): boolean {
    return this.byEntity.size > 0;
  }

  join(member: M) {
    let set = this.byTopic.get(member.topic);
    if (!set) this.byTopic.set(member.topic, (set = new Set()));
    set.add(member);
  }

  leave(member: M) {
    const set = this.byTopic.get(member.topic);
    set?.delete(member);
    if (set?.size === 0) this.byTopic.delete(member.topic);
  }

  members(topic: string): M[] {
    return [...(this.byTopic.get(topic) ?? [])];
  }
}
