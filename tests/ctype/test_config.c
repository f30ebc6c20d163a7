/*
 * test_config.c - config conditions (skl_config_eval): names, !, &&, ||,
 * parentheses, defined(), =y and =m options, and syntax errors.
 */
#include "check.h"

#include "sklab/layout.h"

static void eval(const char *cond, const char *config, int want)
{
	skl_error err;
	int got = skl_config_eval(cond, config, &err);
	if (got != want) {
		printf("skl_config_eval(\"%s\", \"%s\") = %d, want %d%s%s\n", cond ? cond : "(null)",
		       config ? config : "(null)", got, want, got < 0 ? ": " : "", got < 0 ? err.msg : "");
		check_failures++;
	}
}

int main(void)
{
	const char *cfg = "CONFIG_INET, CONFIG_FILTER,CONFIG_IPV6=m,CONFIG_SMP=y";
	skl_error err;

	eval(NULL, NULL, 1);
	eval("", cfg, 1);
	eval("CONFIG_INET", cfg, 1);
	eval("CONFIG_FILTER", cfg, 1);
	eval("CONFIG_NET", cfg, 0);
	eval("CONFIG_INE", cfg, 0);
	eval("CONFIG_INET", NULL, 0);
	eval("!CONFIG_INET", cfg, 0);
	eval("!CONFIG_NET", cfg, 1);
	eval("CONFIG_INET && CONFIG_FILTER", cfg, 1);
	eval("CONFIG_INET && CONFIG_NET", cfg, 0);
	eval("CONFIG_NET || CONFIG_INET", cfg, 1);
	eval("!(CONFIG_INET && CONFIG_NET)", cfg, 1);
	eval("CONFIG_NET || !CONFIG_INET && CONFIG_FILTER", cfg, 0);
	eval("(CONFIG_NET || !CONFIG_INET) && CONFIG_FILTER", cfg, 0);
	eval("defined(CONFIG_INET)", cfg, 1);
	eval("defined CONFIG_NET", cfg, 0);
	eval("1", cfg, 1);
	eval("0", cfg, 0);
	eval("0 || CONFIG_INET", cfg, 1);
	/* =y is the option, =m the option's _MODULE */
	eval("CONFIG_SMP", cfg, 1);
	eval("CONFIG_IPV6", cfg, 0);
	eval("CONFIG_IPV6_MODULE", cfg, 1);
	eval("CONFIG_IPV6 || CONFIG_IPV6_MODULE", cfg, 1);
	eval("CONFIG_SMP_MODULE", cfg, 0);

	/* syntax errors */
	eval("CONFIG_INET &&", cfg, -1);
	eval("(CONFIG_INET", cfg, -1);
	eval("CONFIG_INET CONFIG_NET", cfg, -1);
	eval("CONFIG_INET == 1", cfg, -1);
	CHECK_INT(skl_config_eval("(A || B", "", &err), -1);
	CHECK(strstr(err.msg, "(A || B") != NULL);
	return check_done("core_config");
}
