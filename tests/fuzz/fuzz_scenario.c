/*
 * fuzz_scenario.c - libFuzzer target for the scenario runner: the input is
 * a scenario file's text, written to a file in a private temporary
 * directory and run with skl_lua_run_file in a fresh runtime whose heap,
 * instruction, event and layout limits are small, so each input is quick.
 * The bundled assets/ (profiles, layout sets) are the data directory;
 * skb:pcap() writes into the private directory, emptied after each run.
 * The scenario{} header reader runs on the same file.
 *
 * SKLAB_FUZZ_PRINT=1 in the environment prints why a run failed.
 */
#include "fuzz_util.h"

#include "sklab/runtime.h"

#define MAX_INPUT 65536

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[1024], title[64], goal[64], profile[64];
	skl_lua_opts o;
	skl_lua *rt;
	skl_events *log;
	skl_error err;
	if (size > MAX_INPUT)
		return 0;
	fz_mkdirs("out");
	fz_write("scenario.lua", data, size, path, sizeof(path));

	memset(&o, 0, sizeof(o));
	o.data_dir = fz_data_dir();
	o.heap_limit = (size_t)32 << 20;
	o.instr_limit = 2000000;
	o.max_events = 2000;
	o.max_layouts = 64;
	o.echo.write = NULL;
	/* skb:pcap() goes to the private out/ directory */
	{
		static char out[1024];
		snprintf(out, sizeof(out), "%s/out", fz_tmpdir());
		o.out_dir = out;
	}
	rt = skl_lua_new(&o, &err);
	log = skl_events_new(0);
	if (rt && log) {
		if (skl_lua_run_file(rt, path, log, &err) < 0 && getenv("SKLAB_FUZZ_PRINT"))
			printf("%s:%d: %s\n", err.file, err.line, err.msg);
		(void)skl_lua_expect_failures(rt);
		(void)skl_lua_expect_count(rt);
		(void)skl_lua_profile(rt);
		(void)skl_lua_pcap_frames(rt);
	}
	/* the runtime owns the types the log's layouts point into: log first */
	skl_events_free(log);
	skl_lua_free(rt);

	skl_data_scenario_info(path, title, sizeof(title), goal, sizeof(goal), profile, sizeof(profile), NULL);

	fz_empty_dir(fz_tmpdir(), 0);
	return 0;
}
