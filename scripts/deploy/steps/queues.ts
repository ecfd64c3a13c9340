import { ACCOUNT, type DeployPlan, type DeployStep } from "./plan";

/** The deliveries' queue and its dead-letter queue. */
export const queues = ({ queues: names }: DeployPlan): DeployStep => ({
  title: "Queues",
  plan: `find or create ${names.join(" and ")}`,
  run: async ({ api }) => {
    const done: string[] = [];
    for (const queue of names) {
      const found = await api.get<{ queue_name: string }[]>(`${ACCOUNT}/queues?name=${encodeURIComponent(queue)}`);
      if (found.some(({ queue_name }) => queue_name === queue)) {
        done.push(`${queue} found`);
      } else {
        await api.post(`${ACCOUNT}/queues`, { queue_name: queue });
        done.push(`${queue} created`);
      }
    }
    return done.join(", ");
  },
});
