// A Website operator written with controller-runtime the way its users write it, for the Orkestra bench
// (bench/scenarios/versus.mjs). Every Website gets a Deployment, a Service, a ConfigMap and a Secret, owned by
// it, and a Ready condition. Two styles, chosen with --style:
//
//	create-or-update  controllerutil.CreateOrUpdate with SetControllerReference, status Update every reconcile
//	apply             server-side apply of every child and of the status on every reconcile
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/healthz"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

func main() {
	var style, namespace, metricsAddr, probeAddr string
	var syncPeriod time.Duration
	var workers int
	var leaderElect bool
	flag.StringVar(&style, "style", "create-or-update", "create-or-update or apply")
	flag.StringVar(&namespace, "namespace", "", "watch only this namespace (default: all)")
	flag.DurationVar(&syncPeriod, "sync-period", 10*time.Hour, "resync period of the informer caches")
	flag.IntVar(&workers, "max-concurrent-reconciles", 4, "reconciles running at once")
	flag.StringVar(&metricsAddr, "metrics-bind-address", ":8080", "the metrics endpoint; 0 turns it off")
	flag.StringVar(&probeAddr, "health-probe-bind-address", ":8081", "the /healthz and /readyz endpoint")
	flag.BoolVar(&leaderElect, "leader-elect", false, "leader election with a Lease")
	opts := zap.Options{}
	opts.BindFlags(flag.CommandLine)
	flag.Parse()
	ctrl.SetLogger(zap.New(zap.UseFlagOptions(&opts)))
	log := ctrl.Log.WithName("setup")

	scheme := runtime.NewScheme()
	must(clientgoscheme.AddToScheme(scheme))
	must(addToScheme(scheme))

	cacheOpts := cache.Options{SyncPeriod: &syncPeriod}
	if namespace != "" {
		cacheOpts.DefaultNamespaces = map[string]cache.Config{namespace: {}}
	}
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{
		Scheme:                 scheme,
		Cache:                  cacheOpts,
		Metrics:                metricsserver.Options{BindAddress: metricsAddr},
		HealthProbeBindAddress: probeAddr,
		LeaderElection:         leaderElect,
		LeaderElectionID:       "website-operator.example.com",
	})
	if err != nil {
		log.Error(err, "unable to create the manager")
		os.Exit(1)
	}

	var r reconcile.Reconciler
	switch style {
	case "create-or-update":
		r = &CreateOrUpdateReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}
	case "apply":
		r = &ApplyReconciler{Client: mgr.GetClient()}
	default:
		fmt.Fprintf(os.Stderr, "unknown --style %q: use create-or-update or apply\n", style)
		os.Exit(2)
	}
	err = ctrl.NewControllerManagedBy(mgr).
		For(&Website{}).
		Owns(&appsv1.Deployment{}).
		Owns(&corev1.Service{}).
		Owns(&corev1.ConfigMap{}).
		Owns(&corev1.Secret{}).
		Named("website").
		WithOptions(controller.Options{MaxConcurrentReconciles: workers}).
		Complete(r)
	if err != nil {
		log.Error(err, "unable to create the controller")
		os.Exit(1)
	}
	must(mgr.AddHealthzCheck("healthz", healthz.Ping))
	must(mgr.AddReadyzCheck("readyz", healthz.Ping))

	log.Info("starting the manager", "style", style, "syncPeriod", syncPeriod)
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		log.Error(err, "problem running the manager")
		os.Exit(1)
	}
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}
